/**
 * The ABI fragments the recovery plan calls (issue 33), and nothing more: `as const` JSON ABI, so viem and
 * wagmi infer argument and return types. A test (packages/contracts/src/recovery-abis.test.ts) checks every
 * fragment against the deployed contracts' pinned interfaces and the artifacts the test kit deploys, so the
 * browser cannot call a function the contracts on Polygon lack. No viem here: shared depends only on zod.
 */

const address = <const N extends string>(name: N) => ({ name, type: 'address' }) as const;
const uint256 = <const N extends string>(name: N) => ({ name, type: 'uint256' }) as const;

/** QuickSwap's StakingRewards (LP farm): the same exit/getReward/withdraw as the dual farm. */
const farm = [
  { type: 'function', name: 'exit', inputs: [], outputs: [], stateMutability: 'nonpayable' },
  { type: 'function', name: 'getReward', inputs: [], outputs: [], stateMutability: 'nonpayable' },
  {
    type: 'function',
    name: 'withdraw',
    inputs: [uint256('amount')],
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    name: 'balanceOf',
    inputs: [address('account')],
    outputs: [uint256('')],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'earned',
    inputs: [address('account')],
    outputs: [uint256('')],
    stateMutability: 'view',
  },
  { type: 'function', name: 'rewardsToken', inputs: [], outputs: [address('')], stateMutability: 'view' },
  { type: 'function', name: 'stakingToken', inputs: [], outputs: [address('')], stateMutability: 'view' },
] as const;

/** QuickSwap's StakingDualRewards: rewards A (old dQUICK) and B. */
const dualFarm = [
  { type: 'function', name: 'exit', inputs: [], outputs: [], stateMutability: 'nonpayable' },
  { type: 'function', name: 'getReward', inputs: [], outputs: [], stateMutability: 'nonpayable' },
  {
    type: 'function',
    name: 'withdraw',
    inputs: [uint256('amount')],
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    name: 'balanceOf',
    inputs: [address('account')],
    outputs: [uint256('')],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'earnedA',
    inputs: [address('account')],
    outputs: [uint256('')],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'earnedB',
    inputs: [address('account')],
    outputs: [uint256('')],
    stateMutability: 'view',
  },
  { type: 'function', name: 'rewardsTokenA', inputs: [], outputs: [address('')], stateMutability: 'view' },
  { type: 'function', name: 'rewardsTokenB', inputs: [], outputs: [address('')], stateMutability: 'view' },
  { type: 'function', name: 'stakingToken', inputs: [], outputs: [address('')], stateMutability: 'view' },
] as const;

/** An ERC-20 the plan spends: an LP token (for the router) or old QUICK (for the converter). */
const erc20 = [
  {
    type: 'function',
    name: 'approve',
    inputs: [address('spender'), uint256('value')],
    outputs: [{ name: '', type: 'bool' }],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    name: 'allowance',
    inputs: [address('owner'), address('spender')],
    outputs: [uint256('')],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'balanceOf',
    inputs: [address('account')],
    outputs: [uint256('')],
    stateMutability: 'view',
  },
] as const;

/** A Uniswap V2 pair (QuickSwap's pairs): what removing liquidity reads, and its EIP-2612 permit. */
const pair = [
  {
    type: 'function',
    name: 'permit',
    inputs: [
      address('owner'),
      address('spender'),
      uint256('value'),
      uint256('deadline'),
      { name: 'v', type: 'uint8' },
      { name: 'r', type: 'bytes32' },
      { name: 's', type: 'bytes32' },
    ],
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    name: 'nonces',
    inputs: [address('owner')],
    outputs: [uint256('')],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'getReserves',
    inputs: [],
    outputs: [
      { name: 'reserve0', type: 'uint112' },
      { name: 'reserve1', type: 'uint112' },
      { name: 'blockTimestampLast', type: 'uint32' },
    ],
    stateMutability: 'view',
  },
  { type: 'function', name: 'totalSupply', inputs: [], outputs: [uint256('')], stateMutability: 'view' },
  { type: 'function', name: 'token0', inputs: [], outputs: [address('')], stateMutability: 'view' },
  { type: 'function', name: 'token1', inputs: [], outputs: [address('')], stateMutability: 'view' },
  { type: 'function', name: 'kLast', inputs: [], outputs: [uint256('')], stateMutability: 'view' },
  {
    type: 'function',
    name: 'balanceOf',
    inputs: [address('account')],
    outputs: [uint256('')],
    stateMutability: 'view',
  },
] as const;

const removeLiquidityInputs = [
  address('tokenA'),
  address('tokenB'),
  uint256('liquidity'),
  uint256('amountAMin'),
  uint256('amountBMin'),
  address('to'),
  uint256('deadline'),
] as const;

/** Uniswap V2's Router02 (QuickSwap's V2 router): the two ways to remove liquidity. */
const router = [
  {
    type: 'function',
    name: 'removeLiquidity',
    inputs: removeLiquidityInputs,
    outputs: [uint256('amountA'), uint256('amountB')],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    name: 'removeLiquidityWithPermit',
    inputs: [
      ...removeLiquidityInputs,
      { name: 'approveMax', type: 'bool' },
      { name: 'v', type: 'uint8' },
      { name: 'r', type: 'bytes32' },
      { name: 's', type: 'bytes32' },
    ],
    outputs: [uint256('amountA'), uint256('amountB')],
    stateMutability: 'nonpayable',
  },
] as const;

/** The old Dragon's Lair: old dQUICK -> old QUICK. */
const lair = [
  {
    type: 'function',
    name: 'leave',
    inputs: [uint256('_dQuickAmount')],
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    name: 'dQUICKForQUICK',
    inputs: [uint256('_dQuickAmount')],
    outputs: [uint256('quickAmount_')],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'balanceOf',
    inputs: [address('account')],
    outputs: [uint256('')],
    stateMutability: 'view',
  },
] as const;

/** QuickSwap's QUICK converter (TokenSwap): old QUICK in, 1000 × new QUICK out. */
const converter = [
  {
    type: 'function',
    name: 'quickToQuickX',
    inputs: [uint256('quickAmount')],
    outputs: [],
    stateMutability: 'nonpayable',
  },
] as const;

/** Uniswap V2's factory: a non-zero feeTo means the protocol fee is on (burn mints it first). */
const factory = [
  { type: 'function', name: 'feeTo', inputs: [], outputs: [address('')], stateMutability: 'view' },
] as const;

/** The fragments by contract. */
export const recoveryAbis = { farm, dualFarm, erc20, pair, router, lair, converter, factory } as const;

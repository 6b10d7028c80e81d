/**
 * The ABI fragments the recovery plan calls (issue 33), and nothing more: `as const` JSON ABI, so viem and
 * wagmi infer argument and return types. A test (packages/contracts/src/recovery-abis.test.ts) checks every
 * fragment against the deployed contracts' pinned interfaces and the artifacts the test kit deploys, so the
 * browser cannot call a function the contracts on Polygon lack. No viem here: shared depends only on zod.
 */

type Param = { readonly name: string; readonly type: string };

const address = <const N extends string>(name: N) => ({ name, type: 'address' }) as const;
const uint256 = <const N extends string>(name: N) => ({ name, type: 'uint256' }) as const;
const bytes32 = <const N extends string>(name: N) => ({ name, type: 'bytes32' }) as const;
const uint8 = <const N extends string>(name: N) => ({ name, type: 'uint8' }) as const;

/** A view function's fragment. */
const view = <const N extends string, const I extends readonly Param[], const O extends readonly Param[]>(
  name: N,
  inputs: I,
  outputs: O,
) => ({ type: 'function', name, inputs, outputs, stateMutability: 'view' }) as const;

/** A state-changing function's fragment. */
const write = <
  const N extends string,
  const I extends readonly Param[],
  const O extends readonly Param[] = readonly [],
>(
  name: N,
  inputs: I,
  outputs: O = [] as unknown as O,
) => ({ type: 'function', name, inputs, outputs, stateMutability: 'nonpayable' }) as const;

const balanceOf = view('balanceOf', [address('account')], [uint256('')]);

/** What both farm kinds share: withdraw all and claim, claim, withdraw an amount, the stake. */
const stakingContract = [
  write('exit', []),
  write('getReward', []),
  write('withdraw', [uint256('amount')]),
  balanceOf,
  view('stakingToken', [], [address('')]),
] as const;

/** QuickSwap's StakingRewards (LP farm): one reward token. */
const farm = [
  ...stakingContract,
  view('earned', [address('account')], [uint256('')]),
  view('rewardsToken', [], [address('')]),
] as const;

/** QuickSwap's StakingDualRewards: rewards A (old dQUICK) and B. */
const dualFarm = [
  ...stakingContract,
  view('earnedA', [address('account')], [uint256('')]),
  view('earnedB', [address('account')], [uint256('')]),
  view('rewardsTokenA', [], [address('')]),
  view('rewardsTokenB', [], [address('')]),
] as const;

/** An ERC-20 the plan spends: an LP token (for the router) or old QUICK (for the converter). */
const erc20 = [
  write('approve', [address('spender'), uint256('value')], [{ name: '', type: 'bool' }]),
  view('allowance', [address('owner'), address('spender')], [uint256('')]),
  balanceOf,
] as const;

/** A Uniswap V2 pair (QuickSwap's pairs): what removing liquidity reads, and its EIP-2612 permit. */
const pair = [
  write('permit', [
    address('owner'),
    address('spender'),
    uint256('value'),
    uint256('deadline'),
    uint8('v'),
    bytes32('r'),
    bytes32('s'),
  ]),
  view('nonces', [address('owner')], [uint256('')]),
  view(
    'getReserves',
    [],
    [
      { name: 'reserve0', type: 'uint112' },
      { name: 'reserve1', type: 'uint112' },
      { name: 'blockTimestampLast', type: 'uint32' },
    ],
  ),
  view('totalSupply', [], [uint256('')]),
  view('token0', [], [address('')]),
  view('token1', [], [address('')]),
  view('kLast', [], [uint256('')]),
  balanceOf,
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
  write('removeLiquidity', removeLiquidityInputs, [uint256('amountA'), uint256('amountB')]),
  write(
    'removeLiquidityWithPermit',
    [...removeLiquidityInputs, { name: 'approveMax', type: 'bool' }, uint8('v'), bytes32('r'), bytes32('s')],
    [uint256('amountA'), uint256('amountB')],
  ),
] as const;

/** The old Dragon's Lair: old dQUICK -> old QUICK. */
const lair = [
  write('leave', [uint256('_dQuickAmount')]),
  view('dQUICKForQUICK', [uint256('_dQuickAmount')], [uint256('quickAmount_')]),
  balanceOf,
] as const;

/** QuickSwap's QUICK converter (TokenSwap): old QUICK in, 1000 × new QUICK out. */
const converter = [write('quickToQuickX', [uint256('quickAmount')])] as const;

/** Uniswap V2's factory: a non-zero feeTo means the protocol fee is on (burn mints it first). */
const factory = [view('feeTo', [], [address('')])] as const;

/** Gamma's MasterChef and Sushi's MiniChefV2 (DefiEdge's): a vault's staked shares back, with their rewards. */
const chef = [
  write('withdrawAndHarvest', [uint256('pid'), uint256('amount'), address('to')]),
  view(
    'userInfo',
    [uint256('pid'), address('user')],
    [uint256('amount'), { name: 'rewardDebt', type: 'int256' }],
  ),
] as const;

/** Each manager's vault: its shares for its tokens (interface-v2's ABI files of each, docs/quickswap-vault-abis). */
const gammaVault = [
  write(
    'withdraw',
    [uint256('shares'), address('to'), address('from'), { name: 'minAmounts', type: 'uint256[4]' }],
    [uint256('amount0'), uint256('amount1')],
  ),
  balanceOf,
] as const;
const steerVault = [
  write(
    'withdraw',
    [uint256('shares'), uint256('amount0Min'), uint256('amount1Min'), address('to')],
    [uint256('amount0'), uint256('amount1')],
  ),
  balanceOf,
] as const;
const ichiVault = [
  write('withdraw', [uint256('shares'), address('to')], [uint256('amount0'), uint256('amount1')]),
  balanceOf,
] as const;
const defiEdgeStrategy = [
  write(
    'burn',
    [uint256('_shares'), uint256('_amount0Min'), uint256('_amount1Min')],
    [uint256('collect0'), uint256('collect1')],
  ),
  balanceOf,
] as const;

/** The fragments by contract. */
export const recoveryAbis = {
  farm,
  dualFarm,
  erc20,
  pair,
  router,
  lair,
  converter,
  factory,
  chef,
  gammaVault,
  steerVault,
  ichiVault,
  defiEdgeStrategy,
} as const;

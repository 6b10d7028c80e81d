import {
  concat,
  encodeAbiParameters,
  hashTypedData,
  keccak256,
  parseSignature,
  recoverTypedDataAddress,
  stringToHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import type { RecoveryStep, TokenAmount } from './recovery.ts';
import {
  buildStepCall,
  DEADLINE_SECONDS,
  DEFAULT_SLIPPAGE_BPS,
  deadlineAfter,
  minimumAmounts,
  permitTypedData,
  removedAmounts,
} from './recovery-calls.ts';

const farm = '0x1111111111111111111111111111111111111111';
const router = '0x2222222222222222222222222222222222222222';
const tokenA = '0x3333333333333333333333333333333333333333';
const tokenB = '0x4444444444444444444444444444444444444444';
const lp = '0x5555555555555555555555555555555555555555';
const wallet = '0x6666666666666666666666666666666666666666';

const amountOf = (address: string, raw: bigint): TokenAmount => ({
  address,
  symbol: 'T',
  decimals: 18,
  raw: String(raw),
  amount: '0',
  usd: null,
});

function step(kind: RecoveryStep['kind'], overrides: Partial<RecoveryStep> = {}): RecoveryStep {
  return {
    id: `${kind}:${farm}`,
    kind,
    contract: farm,
    contract_label: 'farm',
    function: '',
    spends: amountOf(lp, 700n),
    spender: null,
    receives: [],
    usd: null,
    gas: null,
    is_ready: true,
    note: null,
    vault: null,
    ...overrides,
  };
}

describe('removedAmounts', () => {
  it('pays LP × reserve / totalSupply when the protocol fee is off', () => {
    const state = {
      liquidity: 100n,
      reserve0: 1000n,
      reserve1: 4000n,
      totalSupply: 1000n,
      kLast: 3_600_000n,
    };
    expect(removedAmounts({ ...state, feeOn: false })).toEqual({
      amount0: 100n,
      amount1: 400n,
      protocolFeeLiquidity: 0n,
    });
    // feeOn but kLast 0 (no mint or burn since the fee was switched on): nothing is minted first either.
    expect(removedAmounts({ ...state, kLast: 0n, feeOn: true })).toEqual({
      amount0: 100n,
      amount1: 400n,
      protocolFeeLiquidity: 0n,
    });
  });

  it("mints the protocol's sixth of the √k growth first, as _mintFee does, then pays from the larger supply", () => {
    // √(1000 × 4000) = 2000; √3,600,000 = 1897 (floor); fee = 1000 × 103 / (10000 + 1897) = 8 (floor).
    const paid = removedAmounts({
      liquidity: 100n,
      reserve0: 1000n,
      reserve1: 4000n,
      totalSupply: 1000n,
      kLast: 3_600_000n,
      feeOn: true,
    });
    // 100 × 1000 / 1008 = 99.2, 100 × 4000 / 1008 = 396.8: both rounded down.
    expect(paid).toEqual({ amount0: 99n, amount1: 396n, protocolFeeLiquidity: 8n });
  });

  it('takes exact integer square roots of 18-decimal products, rounded down as the pair does', () => {
    // reserve0 × reserve1 = rootK² exactly; kLast = (rootKLast + 1)² − 1, whose floor root is rootKLast.
    // A float square root is off by far more than 1 at this size.
    const rootK = 1_414_213_562_373_095_048_801_000n;
    const rootKLast = (rootK * 100n) / 101n;
    const totalSupply = 10n ** 24n;
    const liquidity = 3n * 10n ** 21n;
    const reserve0 = rootK * 1000n;
    const reserve1 = rootK / 1000n;
    const paid = removedAmounts({
      liquidity,
      reserve0,
      reserve1,
      totalSupply,
      kLast: rootKLast * rootKLast + 2n * rootKLast,
      feeOn: true,
    });
    const fee = (totalSupply * (rootK - rootKLast)) / (rootK * 5n + rootKLast);
    expect(fee).toBeGreaterThan(0n);
    expect(paid).toEqual({
      amount0: (liquidity * reserve0) / (totalSupply + fee),
      amount1: (liquidity * reserve1) / (totalSupply + fee),
      protocolFeeLiquidity: fee,
    });
  });

  it('pays from balances where tokens sit in the pair unsynced', () => {
    const paid = removedAmounts({
      liquidity: 100n,
      reserve0: 1000n,
      reserve1: 4000n,
      balance0: 1100n,
      balance1: 4000n,
      totalSupply: 1000n,
      kLast: 0n,
      feeOn: false,
    });
    expect(paid).toMatchObject({ amount0: 110n, amount1: 400n });
  });

  it('refuses a pair without liquidity', () => {
    expect(() =>
      removedAmounts({ liquidity: 1n, reserve0: 0n, reserve1: 0n, totalSupply: 0n, kLast: 0n, feeOn: true }),
    ).toThrow('totalSupply 0');
  });
});

describe('minimumAmounts', () => {
  it('keeps (10000 − bps) / 10000 of each amount, rounded down', () => {
    expect(minimumAmounts([1000n, 2000n], DEFAULT_SLIPPAGE_BPS)).toEqual([995n, 1990n]);
    expect(minimumAmounts([999n, 1n], 50)).toEqual([994n, 0n]);
    expect(minimumAmounts([123n], 0)).toEqual([123n]);
    expect(minimumAmounts([10n ** 30n], 500)).toEqual([95n * 10n ** 28n]);
  });

  it.each([-1, 10_001, 0.5, Number.NaN])('refuses %s basis points', (bps) => {
    expect(() => minimumAmounts([1n], bps)).toThrow('basis points');
  });
});

describe('deadlineAfter', () => {
  it("is the block's timestamp + 20 minutes", () => {
    expect(DEADLINE_SECONDS).toBe(1200);
    expect(deadlineAfter(1_700_000_000n)).toBe(1_700_001_200n);
  });
});

describe('permitTypedData', () => {
  const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
  const input = {
    pair: lp,
    chainId: 137,
    owner: owner.address,
    spender: router,
    value: 12_345n * 10n ** 15n,
    nonce: 3n,
    deadline: 1_700_001_200n,
  } as const;

  it('hashes to the digest UniswapV2ERC20.permit checks (its DOMAIN_SEPARATOR and PERMIT_TYPEHASH)', () => {
    const domainTypeHash = keccak256(
      stringToHex('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'),
    );
    const domainSeparator = keccak256(
      encodeAbiParameters(
        [
          { type: 'bytes32' },
          { type: 'bytes32' },
          { type: 'bytes32' },
          { type: 'uint256' },
          { type: 'address' },
        ],
        [domainTypeHash, keccak256(stringToHex('Uniswap V2')), keccak256(stringToHex('1')), 137n, lp],
      ),
    );
    // The constant in UniswapV2ERC20.sol.
    const permitTypeHash = '0x6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c9';
    const structHash = keccak256(
      encodeAbiParameters(
        [
          { type: 'bytes32' },
          { type: 'address' },
          { type: 'address' },
          { type: 'uint256' },
          { type: 'uint256' },
          { type: 'uint256' },
        ],
        [permitTypeHash, owner.address, router, input.value, input.nonce, input.deadline],
      ),
    );
    const digest = keccak256(concat(['0x1901', domainSeparator, structHash]));
    expect(hashTypedData(permitTypedData(input))).toBe(digest);
  });

  it("is signed by viem's signTypedData and recovers to the owner", async () => {
    const typedData = permitTypedData(input);
    const signature = await owner.signTypedData(typedData);
    expect(await recoverTypedDataAddress({ ...typedData, signature })).toBe(owner.address);
    expect(parseSignature(signature).r).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

describe('buildStepCall', () => {
  it.each([
    ['exit', 'exit', []],
    ['claim', 'getReward', []],
    ['withdraw', 'withdraw', [700n]],
  ] as const)('builds %s as %s on the farm', (kind, functionName, args) => {
    const call = buildStepCall(step(kind), { account: wallet });
    expect(call).toMatchObject({ address: farm, functionName, args });
    expect(call.abi).toContainEqual(expect.objectContaining({ type: 'function', name: functionName }));
  });

  it('withdraws the amount asked for, not more, and refuses a non-positive one', () => {
    expect(buildStepCall(step('withdraw'), { account: wallet, amount: 250n }).args).toEqual([250n]);
    expect(() => buildStepCall(step('withdraw'), { account: wallet, amount: 0n })).toThrow('positive');
  });

  it('approves the spender for the amount the step spends', () => {
    const call = buildStepCall(step('approve', { contract: lp, spender: router }), { account: wallet });
    expect(call).toMatchObject({ address: lp, functionName: 'approve', args: [router, 700n] });
  });

  it('leaves the lair and converts QUICK with the amount spent', () => {
    expect(buildStepCall(step('leave_lair', { contract: tokenA }), { account: wallet })).toMatchObject({
      address: tokenA,
      functionName: 'leave',
      args: [700n],
    });
    expect(buildStepCall(step('convert_quick', { contract: tokenB }), { account: wallet })).toMatchObject({
      address: tokenB,
      functionName: 'quickToQuickX',
      args: [700n],
    });
  });

  describe('remove_liquidity', () => {
    const removal = step('remove_liquidity', {
      contract: router,
      receives: [amountOf(tokenA, 1000n), amountOf(tokenB, 2000n)],
    });
    const base = { account: wallet, deadline: 1_700_001_200n, amountsMin: [995n, 1990n] } as const;
    const r = `0x${'ab'.repeat(32)}` as const;
    const s = `0x${'cd'.repeat(32)}` as const;

    it('is removeLiquidity(tokenA, tokenB, liquidity, mins, to, deadline) without a permit', () => {
      expect(buildStepCall(removal, base)).toMatchObject({
        address: router,
        functionName: 'removeLiquidity',
        args: [tokenA, tokenB, 700n, 995n, 1990n, wallet, 1_700_001_200n],
      });
    });

    it('is removeLiquidityWithPermit(…, false, v, r, s) with one, from v or yParity', () => {
      const expected = [tokenA, tokenB, 700n, 995n, 1990n, wallet, 1_700_001_200n, false];
      expect(buildStepCall(removal, { ...base, permit: { r, s, v: 28n } })).toMatchObject({
        functionName: 'removeLiquidityWithPermit',
        args: [...expected, 28, r, s],
      });
      expect(buildStepCall(removal, { ...base, permit: { r, s, yParity: 0 } }).args).toEqual([
        ...expected,
        27,
        r,
        s,
      ]);
    });

    it('refuses to build without a deadline, minimum amounts or both tokens', () => {
      expect(() => buildStepCall(removal, { account: wallet, amountsMin: [1n, 1n] })).toThrow('deadline');
      expect(() => buildStepCall(removal, { account: wallet, deadline: 1n })).toThrow('minimum amounts');
      expect(() => buildStepCall({ ...removal, receives: removal.receives.slice(0, 1) }, base)).toThrow(
        'receives[1]',
      );
    });
  });

  it('refuses a contract that is not an address', () => {
    expect(() => buildStepCall(step('exit', { contract: 'farm' }), { account: wallet })).toThrow(
      'not an address',
    );
  });
});

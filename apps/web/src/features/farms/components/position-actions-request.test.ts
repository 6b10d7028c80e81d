import type { FarmListItem } from '@tidewatch/shared';
import type { TokenAmount } from '@tidewatch/shared/recovery';
import { describe, expect, it } from 'vitest';
import { dualItem, farmAddress, lpItem } from '../testing/fixtures.ts';
import type { ActionPosition } from './position-actions-position.ts';
import { positionFromListItem } from './position-actions-position.ts';
import { buildPositionRequest } from './position-actions-request.ts';

const e18 = 10n ** 18n;
const poolAddress = lpItem().pool.address;

function position(item: FarmListItem = lpItem()): ActionPosition {
  const found = positionFromListItem(item);
  if (!found) throw new Error('the fixture has a position');
  return found;
}

/** The call a request prepares, with a chain whose farm reads answer 0 (what arrives is tested with the runner). */
async function preparedCall(request: ReturnType<typeof buildPositionRequest>) {
  const account = '0x1234567890AbcdEF1234567890aBcdef12345678';
  const client = { readContract: async () => 0n };
  const call = await request.prepare({ account, client } as unknown as Parameters<typeof request.prepare>[0]);
  const entry = call.abi.find((item) => item.type === 'function' && item.name === call.functionName);
  return { address: call.address, functionName: call.functionName, args: call.args, entry };
}

const lpToken = (raw: bigint, amount: string, usd: number | null): TokenAmount => ({
  address: poolAddress,
  symbol: 'WMATIC-USDC LP',
  decimals: 18,
  raw: String(raw),
  amount,
  usd,
});

describe('the transaction each action asks for (LP farm)', () => {
  it("'claim rewards' calls getReward() on the farm and receives the unclaimed reward", async () => {
    const request = buildPositionRequest({ action: 'claim', position: position(), polUsd: 0.25 });
    expect(request).toMatchObject({
      stepKind: 'claim',
      key: `claim:${farmAddress}`,
      contractLabel: 'farm WMATIC-USDC',
      functionSignature: 'getReward()',
      polUsd: 0.25,
    });
    // 12.3456789 dQUICK, 18 decimals; no price known: unknown, not $0.
    expect(request.receives).toEqual([
      {
        address: lpItem().farm.reward_token.address,
        symbol: 'dQUICK',
        decimals: 18,
        raw: String(123_456_789n * 10n ** 11n),
        amount: '12.3456789',
        usd: null,
      },
    ]);
    const call = await preparedCall(request);
    expect(call).toMatchObject({ address: farmAddress, functionName: 'getReward', args: [] });
    expect(call.entry).toMatchObject({ inputs: [] });
  });

  it("'withdraw' calls withdraw(uint256) with the exact LP integer and receives that LP, its USD pro rata", async () => {
    // 1 of the 2.5 LP staked, worth $1,234.50 in all: $493.80.
    const request = buildPositionRequest({
      action: 'withdraw',
      position: position(),
      withdrawRaw: e18,
      polUsd: null,
    });
    expect(request).toMatchObject({
      stepKind: 'withdraw',
      key: `withdraw:${farmAddress}`,
      functionSignature: 'withdraw(uint256)',
      polUsd: null,
    });
    const [received] = request.receives;
    expect(received).toEqual(lpToken(e18, '1', received?.usd ?? null));
    expect(received?.usd).toBeCloseTo((1234.5 * 1) / 2.5, 9);
    const call = await preparedCall(request);
    expect(call).toMatchObject({ address: farmAddress, functionName: 'withdraw', args: [e18] });
    expect(call.entry).toMatchObject({ inputs: [{ type: 'uint256' }] });
  });

  it("'withdraw all and claim' calls exit() and receives the whole stake and the rewards", async () => {
    const request = buildPositionRequest({ action: 'exit', position: position(), polUsd: null });
    expect(request).toMatchObject({
      stepKind: 'exit',
      key: `exit:${farmAddress}`,
      functionSignature: 'exit()',
    });
    expect(request.receives.map((r) => [r.symbol, r.raw, r.usd])).toEqual([
      ['WMATIC-USDC LP', String((5n * e18) / 2n), 1234.5],
      ['dQUICK', String(123_456_789n * 10n ** 11n), null],
    ]);
    expect(await preparedCall(request)).toMatchObject({
      address: farmAddress,
      functionName: 'exit',
      args: [],
    });
  });

  it('a stake whose USD is unknown stays unknown for any part withdrawn', () => {
    const item = lpItem();
    const unpriced = { ...item.farm_position_snapshot!, total_liquidity_usd: null };
    const request = buildPositionRequest({
      action: 'withdraw',
      position: position({ ...item, farm_position_snapshot: unpriced }),
      withdrawRaw: e18,
      polUsd: null,
    });
    expect(request.receives[0]?.usd).toBeNull();
  });
});

describe('the transaction each action asks for (dual farm: both rewards)', () => {
  it("'claim rewards' receives reward A and reward B", () => {
    const request = buildPositionRequest({ action: 'claim', position: position(dualItem()), polUsd: null });
    expect(request.contractLabel).toBe('farm WETH-MYST');
    expect(request.receives.map((r) => [r.symbol, r.amount, r.raw, r.usd])).toEqual([
      ['WMATIC', '1.5', String((3n * e18) / 2n), 0.75],
      ['MYST', '3', String(3n * e18), null],
    ]);
  });

  it("'withdraw all and claim' receives the stake and both rewards", async () => {
    const request = buildPositionRequest({ action: 'exit', position: position(dualItem()), polUsd: null });
    expect(request.receives.map((r) => [r.symbol, r.amount, r.usd])).toEqual([
      ['WETH-MYST LP', '1', 99.999],
      ['WMATIC', '1.5', 0.75],
      ['MYST', '3', null],
    ]);
    expect(await preparedCall(request)).toMatchObject({
      address: farmAddress,
      functionName: 'exit',
      args: [],
    });
  });

  it('a reward at 0 is not listed as arriving', () => {
    const item = dualItem();
    const snapshot = { ...item.farm_position_snapshot!, earned_b: '0', earned_b_in_usd: 0 };
    const request = buildPositionRequest({
      action: 'claim',
      position: position({ ...item, farm_position_snapshot: snapshot }),
      polUsd: null,
    });
    expect(request.receives.map((r) => r.symbol)).toEqual(['WMATIC']);
  });

  it('a reward token with 6 decimals is counted in its own decimals', () => {
    const item = dualItem();
    const usdc = { address: `0x${'c'.repeat(40)}`, symbol: 'USDC', decimals: 6 };
    const request = buildPositionRequest({
      action: 'claim',
      position: position({ ...item, farm: { ...item.farm, reward_token_b: usdc } }),
      polUsd: null,
    });
    expect(request.receives[1]).toMatchObject({ symbol: 'USDC', decimals: 6, raw: '3000000', amount: '3' });
  });
});

import { pair as pairArtifact } from '@tidewatch/contracts';
import { type Hex, isAddressEqual } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTransactionFees } from '../src/core/books/fees-repository.ts';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import {
  farmCall,
  type LedgerHistoryWorld,
  startLedgerHistoryWorld,
  wallet,
} from './ledger-history-setup.ts';

// The gas of each history event's transaction (issue 35): its receipt read once through the history job,
// gas_used × effective_gas_price exact, in USD at its block by POL's (WMATIC's) price; a receipt the RPC
// cannot return is 'unknown' with the error until a later run reads it. Base and priority fees are set per
// block and transaction, so every figure differs; each is checked against this test's own receipt and reserves.

const gwei = 1_000_000_000n;
let w: LedgerHistoryWorld;
const client = () => w.t.anvil.client;
const db = () => w.app.database.db;

beforeAll(async () => {
  w = await startLedgerHistoryWorld({});
}, 180_000);
afterAll(async () => {
  await w?.close();
});

/** WMATIC's USD price at `block` from the WMATIC-USDC pair's reserves (USDC counted $1). */
async function wmaticUsdAt(block: bigint): Promise<number> {
  const pair = w.t.world.pairs['WMATIC-USDC'];
  const [r0, r1] = await client().readContract({
    address: pair.address,
    abi: pairArtifact.abi,
    functionName: 'getReserves',
    blockNumber: block,
  });
  const isWmatic0 = isAddressEqual(pair.token0, w.t.world.tokens.WMATIC.address);
  const [wmatic, usdc] = isWmatic0 ? [r0, r1] : [r1, r0];
  return Number(usdc) / 1e6 / (Number(wmatic) / 1e18);
}

/** The fee row the test expects from its own read of the receipt and reserves. */
async function expectedFee(hash: Hex) {
  const receipt = await client().getTransactionReceipt({ hash });
  const block = await client().getBlock({ blockNumber: receipt.blockNumber });
  const feeWei = receipt.gasUsed * receipt.effectiveGasPrice;
  const polUsd = await wmaticUsdAt(receipt.blockNumber);
  return { receipt, block, feeWei, polUsd, feeUsd: (Number(feeWei) / 1e18) * polUsd };
}

const receiptReads = () => w.t.proxy.calls.filter((method) => method === 'eth_getTransactionReceipt').length;

describe('the gas of history events', () => {
  it('reads each transaction once and stores its fee exactly, valued at its block', async () => {
    const stake = await farmCall(
      w.t,
      { functionName: 'stake', args: [5_000_000n] },
      { baseFee: 31n * gwei, priorityFee: 3n * gwei },
    );
    await w.t.anvil.increaseTime(3_600);
    // exit: a withdrawal and a reward in one transaction, two events, one receipt.
    const exit = await farmCall(
      w.t,
      { functionName: 'exit' },
      { baseFee: 23n * gwei, priorityFee: 5n * gwei },
    );
    const secondStake = await farmCall(
      w.t,
      { functionName: 'stake', args: [6_000_000n] },
      { baseFee: 47n * gwei, priorityFee: 2n * gwei },
    );

    w.t.proxy.reset();
    await w.runJob();
    const events = await db().selectFrom('position_events').select(['kind', 'tx_hash']).execute();
    expect(
      events
        .filter((e) => e.tx_hash === exit.hash)
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['reward_paid', 'withdrawn']);
    expect(receiptReads()).toBe(3);

    const stored = await loadTransactionFees(db(), w.t.world.chainId, [
      stake.hash.toUpperCase().replace('0X', '0x'),
      secondStake.hash,
      exit.hash,
      '0x',
    ]);
    expect(stored.size).toBe(3);
    const seen = new Set<string>();
    for (const { hash, baseFee, priorityFee } of [
      { hash: stake.hash, baseFee: 31n * gwei, priorityFee: 3n * gwei },
      { hash: secondStake.hash, baseFee: 47n * gwei, priorityFee: 2n * gwei },
      { hash: exit.hash, baseFee: 23n * gwei, priorityFee: 5n * gwei },
    ]) {
      const want = await expectedFee(hash);
      expect(want.receipt.effectiveGasPrice).toBe(baseFee + priorityFee);
      const row = stored.get(hash)!;
      expect(row).toMatchObject({
        status: 'known',
        from_address: wallet,
        gas_used: want.receipt.gasUsed.toString(),
        effective_gas_price: want.receipt.effectiveGasPrice.toString(),
        fee_wei: want.feeWei.toString(),
        block_time: new Date(Number(want.block.timestamp) * 1000).toISOString(),
        error: null,
        price_error: null,
        attempts: 1,
        next_attempt_at: null,
      });
      expect(BigInt(row.block_number!)).toBe(want.receipt.blockNumber);
      expect(isRelativelyClose(row.pol_usd, want.polUsd), `${row.pol_usd} vs ${want.polUsd}`).toBe(true);
      expect(isRelativelyClose(row.fee_usd, want.feeUsd), `${row.fee_usd} vs ${want.feeUsd}`).toBe(true);
      seen.add(row.fee_wei!);
    }
    expect(seen.size).toBe(3);

    // The next run (a catch-up) reads no receipt again.
    w.t.proxy.reset();
    await w.runJob();
    expect(receiptReads()).toBe(0);
  });

  it("stores 'unknown' with the error when the RPC cannot return a receipt, and the fee once it can", async () => {
    const stake = await farmCall(
      w.t,
      { functionName: 'stake', args: [7_000_000n] },
      { baseFee: 19n * gwei, priorityFee: 4n * gwei },
    );
    w.t.proxy.inject({ type: 'http5xx' }, { methods: ['eth_getTransactionReceipt'] });
    try {
      await w.runJob();
    } finally {
      w.t.proxy.clearFaults();
    }
    const [failed] = (await loadTransactionFees(db(), w.t.world.chainId, [stake.hash])).values();
    expect(failed).toMatchObject({ status: 'unknown', fee_wei: null, fee_usd: null, attempts: 1 });
    expect(failed!.error).toMatch(/eth_getTransactionReceipt/);
    const retryAt = Date.parse(failed!.next_attempt_at!);
    expect(retryAt).toBeGreaterThan(w.clock.now.getTime());
    // The event itself is stored: only its gas is unknown.
    const event = await db()
      .selectFrom('position_events')
      .select('kind')
      .where('tx_hash', '=', stake.hash)
      .execute();
    expect(event.map((e) => e.kind)).toEqual(['staked']);

    // Healed, but not yet due: no read; once due, the fee.
    w.t.proxy.reset();
    await w.runJob({ now: new Date(retryAt - 1_000) });
    expect(receiptReads()).toBe(0);
    await w.runJob({ now: new Date(retryAt + 3_600_000) });
    expect(receiptReads()).toBe(1);
    const [healed] = (await loadTransactionFees(db(), w.t.world.chainId, [stake.hash])).values();
    const want = await expectedFee(stake.hash);
    expect(healed).toMatchObject({
      status: 'known',
      fee_wei: want.feeWei.toString(),
      error: null,
      attempts: 2,
      next_attempt_at: null,
    });
    expect(isRelativelyClose(healed!.fee_usd, want.feeUsd)).toBe(true);
  });
});

import { pair as pairArtifact } from '@tidewatch/contracts';
import { ledgerSchema } from '@tidewatch/shared';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownFee } from '../src/core/books/fees.ts';
import { upsertTransactionFee } from '../src/core/books/fees-repository.ts';
import type { PriceSources } from '../src/core/snapshots/index.ts';
import { settleRecordedSendsWhenDue } from '../src/jobs/recorded-sends-job.ts';
import { createConfirmedUser } from './helpers.ts';
import { type LedgerHistoryWorld, startLedgerHistoryWorld, wallet } from './ledger-history-setup.ts';

// Sends recorded through the recovery plan (wallet_transactions) count in the ledger only once final (review
// item 8): on an anvil whose `finalized` block is head − 2, a recorded approve stays out until its block is
// final, a recorded send the chain reorganised away (evm_snapshot / evm_revert) never enters and its gas row
// goes, and a send mined again in another block shows that block and the gas its new receipt says. They are
// settled by the worker's job (jobs/recorded-sends-job.ts), never inside a GET (review 2 item 3), and a send
// whose block is unchanged keeps the POL price read when it was recorded (review 2 item 4).

let w: LedgerHistoryWorld;
let user: { token: string; id: number };
const client = () => w.t.anvil.client;
const db = () => w.app.database.db;

beforeAll(async () => {
  w = await startLedgerHistoryWorld({
    anvilArgs: ['--slots-in-an-epoch', '1'],
    env: { FINALITY: 'finalized' },
  });
  const { email, token } = await createConfirmedUser(w.app);
  const row = await db()
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  user = { token, id: row.id };
  const at = new Date().toISOString();
  await db()
    .insertInto('wallets')
    .values({
      user_id: user.id,
      name: 'MetaMask',
      address: wallet,
      chain_id: w.t.world.chainId,
      verified_at: at,
      created_at: at,
    })
    .execute();
}, 180_000);
afterAll(async () => {
  await w?.close();
});

/** The wallet approves the farm for `amount` of its LP: a send no farm event explains. */
async function approve(amount: bigint): Promise<Hex> {
  const hash = await client().writeContract({
    account: wallet,
    chain: client().chain,
    address: w.t.world.pairs['WBTC-USDC'].address,
    abi: pairArtifact.abi,
    functionName: 'approve',
    args: [w.t.world.farms.wbtcUsdc.address, amount],
  } as never);
  await client().waitForTransactionReceipt({ hash });
  return hash;
}

/** Records the send as the recovery plan does: its row, and its gas row from the receipt at the head. */
async function record(hash: Hex): Promise<void> {
  const receipt = await client().getTransactionReceipt({ hash });
  await db()
    .insertInto('wallet_transactions')
    .values({
      user_id: user.id,
      chain_id: w.t.world.chainId,
      wallet_address: wallet,
      tx_hash: hash,
      step_kind: 'approve',
      to_address: receipt.to!,
      status: receipt.status,
      block_number: Number(receipt.blockNumber),
      gas_used: receipt.gasUsed.toString(),
      effective_gas_price: receipt.effectiveGasPrice.toString(),
      gas_pol: '0',
      gas_usd: null,
      farm_id: null,
      created_at: new Date().toISOString(),
    } as never)
    .execute();
  const fee = await knownFee(
    {
      db: db(),
      chainId: w.t.world.chainId,
      prices: w.prices,
      wmatic: w.app.config.wmaticAddress,
      chain: w.t.chain,
    },
    receipt,
  );
  await upsertTransactionFee(
    db(),
    { chainId: w.t.world.chainId, txHash: hash, now: new Date() },
    { ...fee, attempts: 1 },
  );
}

async function feeOnlyRows() {
  const response = await w.app.request({
    method: 'GET',
    url: `/api/ledger?wallet=${wallet}`,
    token: user.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ledgerSchema.parse(response.json()).rows.filter((row) => row.kind === 'fee_only');
}

/** A price source as a node without archive state answers for an old block: every read fails. */
const prunedPrices = {
  onchain: new Proxy(
    {},
    {
      get: () => () => {
        throw new Error('missing trie node');
      },
    },
  ),
} as unknown as PriceSources;

/** One run of the worker's job that settles recorded sends (each run a minute later: it runs at most so often). */
let minutesAhead = 0;
async function settle(prices: PriceSources = w.prices): Promise<void> {
  minutesAhead += 1;
  await settleRecordedSendsWhenDue(
    {
      db: db(),
      chainId: w.t.world.chainId,
      chain: w.t.chain,
      prices,
      wmatic: w.app.config.wmaticAddress,
      finality: w.app.config.history.finality,
    },
    new Date(Date.now() + minutesAhead * 60_000),
  );
}

const feeRowOf = (hash: string) =>
  db()
    .selectFrom('transaction_fees')
    .selectAll()
    .where('tx_hash', '=', hash.toLowerCase())
    .executeTakeFirst();

describe('a send recorded through the recovery plan', () => {
  it('enters the ledger once its block is final, with the gas its receipt says', async () => {
    const hash = await approve(1n);
    await record(hash);
    await settle();
    expect(await feeOnlyRows()).toEqual([]);

    await w.t.anvil.mine(2);
    // A GET reads the stored rows only: the send waits for the worker's job to find it final.
    expect(await feeOnlyRows()).toEqual([]);
    await settle();
    const receipt = await client().getTransactionReceipt({ hash });
    const rows = await feeOnlyRows();
    expect(rows.map((row) => [row.tx_hash, row.block_number])).toEqual([[hash, Number(receipt.blockNumber)]]);
    expect(rows[0]!.gas.fee_pol).toBe((receipt.gasUsed * receipt.effectiveGasPrice).toString());
  });

  it('never enters once the chain reorganised it away, and its gas row goes', async () => {
    const before = (await feeOnlyRows()).map((row) => row.tx_hash);
    const snapshot = await client().request({ method: 'evm_snapshot' } as never);
    const hash = await approve(2n);
    await record(hash);
    await settle();
    expect((await feeOnlyRows()).map((row) => row.tx_hash)).toEqual(before);

    await client().request({ method: 'evm_revert', params: [snapshot] } as never);
    await w.t.anvil.mine(4);
    await settle();
    expect((await feeOnlyRows()).map((row) => row.tx_hash)).toEqual(before);
    expect(await feeRowOf(hash)).toBeUndefined();
  });

  it('shows the block and gas of its new receipt when mined again elsewhere', async () => {
    const snapshot = await client().request({ method: 'evm_snapshot' } as never);
    const hash = await approve(3n);
    const raw = (await client().request({
      method: 'eth_getRawTransactionByHash',
      params: [hash],
    } as never)) as Hex;
    await record(hash);
    const first = await client().getTransactionReceipt({ hash });

    await client().request({ method: 'evm_revert', params: [snapshot] } as never);
    await w.t.anvil.mine(3);
    await client().request({ method: 'eth_sendRawTransaction', params: [raw] } as never);
    await w.t.anvil.mine(3);
    const again = await client().getTransactionReceipt({ hash });
    expect(again.blockNumber).not.toBe(first.blockNumber);

    // Its new block's POL price cannot be read (a node without that block's state): it waits, not final.
    await settle(prunedPrices);
    expect((await feeOnlyRows()).map((r) => r.tx_hash)).not.toContain(hash);
    expect((await feeRowOf(hash))!.final_block).toBeNull();
    await settle();
    const row = (await feeOnlyRows()).find((r) => r.tx_hash === hash)!;
    expect(row.block_number).toBe(Number(again.blockNumber));
    expect(row.gas.fee_pol).toBe((again.gasUsed * again.effectiveGasPrice).toString());
    expect(Number((await feeRowOf(hash))!.block_number)).toBe(Number(again.blockNumber));
  });

  it('keeps the POL price read when it was recorded while its block is unchanged', async () => {
    const hash = await approve(4n);
    await record(hash);
    const recorded = (await feeRowOf(hash))!;
    expect(recorded.pol_usd).not.toBeNull();
    await w.t.anvil.mine(2);
    // The node has no state of that block any more: the price stored at record time stays.
    await settle(prunedPrices);
    const row = (await feeOnlyRows()).find((r) => r.tx_hash === hash)!;
    expect(row.gas.pol_usd).toBe(recorded.pol_usd);
    expect(row.gas.fee_usd).toBe(recorded.fee_usd);
    expect(Number((await feeRowOf(hash))!.final_block)).toBeGreaterThanOrEqual(Number(recorded.block_number));
  });
});

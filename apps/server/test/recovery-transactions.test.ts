import { stakingRewards, testErc20 } from '@tidewatch/contracts';
import { walletTransactionListSchema, walletTransactionSchema } from '@tidewatch/shared';
import { sql } from 'kysely';
import { type Address, encodeFunctionData, formatEther, type Hash, keccak256 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import { migrateToLatest } from '../src/core/db/index.ts';
import { createDatabaseMigratedTo } from './empty-database.ts';
import { createFarmUser, type FarmsWorld, startFarmsWorldWithUser, trackWorldFarms } from './farms-setup.ts';
import { readsAt, refreshWorldIndex } from './recovery-setup.ts';

// Get it out (issue 33): the browser reports each step's transaction; the server reads the receipt itself,
// checks the sender and the contract, stores the gas in wallet_transactions (the books of issue 35 read it)
// and snapshots a tracked position the step changed.
let w: FarmsWorld;
let user: { token: string; userId: number };
let watcher: { token: string; userId: number };
let exitHash: Hash;

const wallet = () => w.t.world.accounts.user.address;
const farm = () => w.t.world.farms.quickWmaticEnded;
const db = () => w.testApp.database.db;

/** Sends a call from one of the node's unlocked accounts and waits for its receipt. */
async function send(
  from: Address,
  to: Address,
  abi: readonly unknown[],
  functionName: string,
  args: unknown[] = [],
) {
  const hash = await w.t.anvil.client.writeContract({
    account: from,
    chain: null,
    address: to,
    abi: abi as never,
    functionName,
    args,
    gas: 1_000_000n, // as ledger-books' send: an estimate can fall short in the next block
  } as never);
  await w.t.anvil.client.waitForTransactionReceipt({ hash });
  return hash;
}

const record = (payload: object, token = user.token) =>
  w.testApp.request({ method: 'POST', url: '/api/recovery/transactions', token, payload });

beforeAll(async () => {
  // A hash the chain does not know is answered after the wait: 3 s here, not the 15 s an app waits.
  ({ w, user } = await startFarmsWorldWithUser(['quickWmaticEnded', 'dualWethWmatic'], {
    receiptWaitMs: 3_000,
  }));
  await trackWorldFarms(w, user, ['quickWmaticEnded']);
  await refreshWorldIndex(w);
  watcher = await createFarmUser(w);
  const at = new Date().toISOString();
  await sql`insert into wallets (user_id, name, address, chain_id, verified_at, is_watch_only, created_at)
    values (${watcher.userId}, 'Watched', ${wallet()}, ${w.t.world.chainId}, ${at}, 1, ${at})`.execute(db());
  // The history job finished this pair and would look again only in a day.
  const farmId = (
    await db()
      .selectFrom('farms')
      .select('id')
      .where('address', '=', farm().address)
      .executeTakeFirstOrThrow()
  ).id;
  await db()
    .insertInto('history_backfills')
    .values({
      farm_id: farmId,
      wallet_address: wallet(),
      status: 'done',
      next_attempt_at: '2999-01-01T00:00:00.000Z',
      updated_at: at,
    })
    .execute();
  exitHash = await send(wallet(), farm().address, stakingRewards.abi, 'exit');
}, 180_000);
afterAll(() => w?.close());

describe('recording a step transaction', () => {
  it('stores an exit with gasUsed × effectiveGasPrice in POL and USD at its block, and snapshots the tracked position', async () => {
    const response = await record({ wallet_address: wallet(), tx_hash: exitHash, step_kind: 'exit' });
    expect(response.statusCode).toBe(200);
    const body = walletTransactionSchema.parse(response.json());
    const receipt = await w.t.anvil.client.getTransactionReceipt({ hash: exitHash });
    expect(body).toMatchObject({
      tx_hash: exitHash,
      wallet_address: wallet(),
      step_kind: 'exit',
      to: farm().address,
      status: 'success',
      block_number: Number(receipt.blockNumber),
      gas_used: receipt.gasUsed.toString(),
      effective_gas_price: receipt.effectiveGasPrice.toString(),
      gas_pol: formatEther(receipt.gasUsed * receipt.effectiveGasPrice),
      farm_address: farm().address,
      snapshot_taken: true,
    });
    const polUsd = await readsAt(w, receipt.blockNumber).priceOf(w.t.world.tokens.WMATIC.address);
    expect(isRelativelyClose(body.gas_usd, Number(body.gas_pol) * polUsd)).toBe(true);
    // The snapshot after the step: the stake is gone, at the receipt's block or later.
    const snapshot = await db()
      .selectFrom('position_snapshots')
      .select(['staked', 'block_number'])
      .where('account_address', '=', wallet())
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(snapshot.staked)).toBe(0);
    expect(Number(snapshot.block_number)).toBeGreaterThanOrEqual(Number(receipt.blockNumber));
    const backfill = await db()
      .selectFrom('history_backfills')
      .select('next_attempt_at')
      .executeTakeFirstOrThrow();
    expect(Date.parse(backfill.next_attempt_at)).toBeLessThanOrEqual(Date.now());
  });

  it('answers the stored row when the same hash is reported again, and lists the wallet’s transactions newest first', async () => {
    const first = await record({ wallet_address: wallet(), tx_hash: exitHash, step_kind: 'exit' });
    const again = await record({
      wallet_address: wallet(),
      tx_hash: exitHash.toUpperCase().replace('0X', '0x'),
      step_kind: 'exit',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const quick = w.t.world.tokens.QUICK.address;
    const approveHash = await send(wallet(), quick, testErc20.abi, 'approve', [
      w.t.world.quickConverter,
      10n ** 18n,
    ]);
    expect(
      (await record({ wallet_address: wallet(), tx_hash: approveHash, step_kind: 'approve' })).statusCode,
    ).toBe(200);
    const rows = await db().selectFrom('wallet_transactions').select('tx_hash').execute();
    expect(rows.map((r) => r.tx_hash).sort()).toEqual([exitHash, approveHash].sort());
    const list = await w.testApp.request({
      method: 'GET',
      url: `/api/recovery/transactions?wallet_address=${wallet()}`,
      token: user.token,
    });
    const { transactions } = walletTransactionListSchema.parse(list.json());
    expect(transactions.map((t) => [t.tx_hash, t.step_kind, t.farm_address])).toEqual([
      [approveHash, 'approve', null],
      [exitHash, 'exit', farm().address],
    ]);
  });

  it('refuses, naming tx_hash, a transaction from another account or to a contract no step calls', async () => {
    const fields = (response: { json(): { details?: { field: string }[] } }) =>
      response.json().details?.map((d) => d.field);
    const deployer = w.t.world.accounts.deployer.address;
    const foreign = await send(deployer, w.t.world.tokens.QUICK.address, testErc20.abi, 'approve', [
      w.t.world.quickConverter,
      1n,
    ]);
    const fromOther = await record({ wallet_address: wallet(), tx_hash: foreign, step_kind: 'approve' });
    expect(fromOther.statusCode).toBe(400);
    expect(fields(fromOther)).toEqual(['body.tx_hash']);
    expect(fromOther.json().message).toContain(deployer);

    const weth = w.t.world.tokens.WETH.address;
    const unknown = await send(wallet(), weth, testErc20.abi, 'approve', [w.t.world.router, 1n]);
    const toUnknown = await record({ wallet_address: wallet(), tx_hash: unknown, step_kind: 'approve' });
    expect(toUnknown.statusCode).toBe(400);
    expect(fields(toUnknown)).toEqual(['body.tx_hash']);
    const syrup = await send(wallet(), w.t.world.notLpFarms.syrupPool, stakingRewards.abi, 'getReward');
    const notAFarm = await record({ wallet_address: wallet(), tx_hash: syrup, step_kind: 'claim' });
    expect(notAFarm.statusCode).toBe(400);
    expect(fields(notAFarm)).toEqual(['body.tx_hash']);
    // An approve reported as a conversion is not that step.
    const approve = await send(wallet(), w.t.world.tokens.QUICK.address, testErc20.abi, 'approve', [
      w.t.world.quickConverter,
      2n,
    ]);
    const mislabelled = await record({
      wallet_address: wallet(),
      tx_hash: approve,
      step_kind: 'convert_quick',
    });
    expect(mislabelled.statusCode).toBe(400);
    expect(fields(mislabelled)).toEqual(['body.tx_hash']);
    const stored = await db()
      .selectFrom('wallet_transactions')
      .select('tx_hash')
      .where('tx_hash', 'in', [foreign, unknown, syrup, approve])
      .execute();
    expect(stored).toEqual([]);

    // An approve's selector with its arguments cut short: refused naming tx_hash, not a 500.
    const truncated = await w.t.anvil.client.sendTransaction({
      account: wallet(),
      chain: null,
      to: w.t.world.tokens.QUICK.address,
      data: '0x095ea7b30000',
      gas: 100_000n,
    });
    await w.t.anvil.client.waitForTransactionReceipt({ hash: truncated });
    const badCalldata = await record({ wallet_address: wallet(), tx_hash: truncated, step_kind: 'approve' });
    expect(badCalldata.statusCode, badCalldata.body).toBe(400);
    expect(fields(badCalldata)).toEqual(['body.tx_hash']);

    const missing = await record({
      wallet_address: wallet(),
      tx_hash: `0x${'ab'.repeat(32)}`,
      step_kind: 'exit',
    });
    expect(missing.statusCode).toBe(404);
    expect(fields(missing)).toEqual(['body.tx_hash']);
    const malformed = await record({ wallet_address: wallet(), tx_hash: '0x1234', step_kind: 'exit' });
    expect(malformed.statusCode).toBe(400);
    expect(fields(malformed)).toContain('body.tx_hash');
  });

  it('waits for a transaction its node does not know yet (the wallet’s node may be a block ahead), then records it', async () => {
    // Signed here and sent to the node only after the report arrived: until then the node does not know it.
    const account = privateKeyToAccount(w.t.world.accounts.user.privateKey);
    const request = await w.t.anvil.client.prepareTransactionRequest({
      account,
      chain: w.t.anvil.client.chain,
      to: w.t.world.tokens.QUICK.address,
      data: encodeFunctionData({
        abi: testErc20.abi,
        functionName: 'approve',
        args: [w.t.world.quickConverter, 3n],
      }),
    });
    const signed = await account.signTransaction(request as never);
    const hash = keccak256(signed);
    const reported = record({ wallet_address: wallet(), tx_hash: hash, step_kind: 'approve' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await w.t.anvil.client.sendRawTransaction({ serializedTransaction: signed });
    const response = await reported;
    expect(response.statusCode, response.body).toBe(200);
    const recorded = walletTransactionSchema.parse(response.json());
    expect(recorded.tx_hash).toBe(hash);
    expect(recorded.status).toBe('success');
  });

  it('refuses a watch-only wallet, a wallet not the user’s, and a request without a session', async () => {
    const payload = { wallet_address: wallet(), tx_hash: exitHash, step_kind: 'exit' };
    expect((await record(payload, watcher.token)).statusCode).toBe(403);
    const stranger = await createFarmUser(w);
    expect((await record(payload, stranger.token)).statusCode).toBe(404);
    const anonymous = await w.testApp.request({ method: 'POST', url: '/api/recovery/transactions', payload });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the limits of a plan run', () => {
  // Issue 43, finding 5: a plan of 32 steps stopped at step 19 on 'too many farm refreshes' (each step was three
  // counted calls against 60 per 10 minutes). The page records each step and reads the plan twice after it:
  // 100 steps of that run through, and the farm refreshes of the other screens are left whole.
  it('runs 100 steps (a record and two plan reads each) without a wait, and leaves the farm refreshes', async () => {
    const planUrl = `/api/recovery/plan?wallet_address=${wallet()}`;
    for (let step = 1; step <= 100; step++) {
      const recorded = await record({ wallet_address: wallet(), tx_hash: exitHash, step_kind: 'exit' });
      expect(recorded.statusCode, `step ${step}: ${recorded.body}`).toBe(200);
      for (let read = 1; read <= 2; read++) {
        const plan = await w.testApp.request({ method: 'GET', url: planUrl, token: user.token });
        expect(plan.statusCode, `step ${step}, plan read ${read}: ${plan.body}`).toBe(200);
      }
    }
    const refresh = await w.testApp.request({
      method: 'POST',
      url: '/api/quickswap/create-snapshots',
      token: user.token,
      payload: { address: farm().address, account_address: wallet() },
    });
    expect(refresh.statusCode, refresh.body).toBe(200);
  });
});

describe('migration 020-wallet-transactions', () => {
  let cleanup: () => Promise<void> = async () => {};
  afterEach(() => cleanup());

  it('keeps one row per hash per chain and goes with its user', async () => {
    const { db: fresh, close } = await createDatabaseMigratedTo('019-session-restore');
    cleanup = close;
    const at = new Date().toISOString();
    const user = await fresh
      .insertInto('users')
      .values({ email: 'ada@example.com', password_hash: 'h', email_confirmed_at: at, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await migrateToLatest(fresh);
    const row = (chainId: number) => ({
      user_id: user.id,
      chain_id: chainId,
      wallet_address: '0xw',
      tx_hash: '0xhash',
      step_kind: 'exit' as const,
      to_address: '0xfarm',
      status: 'success' as const,
      block_number: 1,
      gas_used: '21000',
      effective_gas_price: '30000000000',
      gas_pol: '0.00063',
      gas_usd: null,
      farm_id: null,
      created_at: at,
    });
    await fresh.insertInto('wallet_transactions').values(row(137)).execute();
    await expect(fresh.insertInto('wallet_transactions').values(row(137)).execute()).rejects.toThrow(
      /unique/i,
    );
    await fresh.insertInto('wallet_transactions').values(row(80002)).execute();
    await fresh.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await fresh.selectFrom('wallet_transactions').selectAll().execute()).toEqual([]);
  });
});

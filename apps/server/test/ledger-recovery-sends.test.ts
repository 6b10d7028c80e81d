import { type Ledger, type LedgerRow, ledgerSchema, type RecoveryStep } from '@tidewatch/shared';
import { buildStepCall, deadlineAfter, type StepCall } from '@tidewatch/shared/recovery-calls';
import { type Abi, type Address, erc20Abi, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRelativelyClose } from '../src/core/chain/testing.ts';
import { startRecordedSendsJob } from '../src/jobs/recorded-sends-job.ts';
import { createFarmUser, type FarmsWorld, startFarmsWorld } from './farms-setup.ts';
import { fetchPlan, readsAt, refreshWorldIndex } from './recovery-setup.ts';

// Issue 42, finding 4: what 'get it out' did is in the books. On the local chain with QuickSwap's bytecode,
// the wallet runs the plan's sends (exit an ended farm nobody tracks, remove the LP it returned, leave the
// lair with the dQUICK it paid, convert the old QUICK that came out) and records each through the API as the
// web does. The recorded sends' own job (not the snapshot scheduler, which never runs here) reads them back
// from their receipts into the wallet's ledger: each as what it did, each transaction's gas once.
let w: FarmsWorld;
let user: { token: string; userId: number };
const wallet = () => w.t.world.accounts.user.address;
const farm = () => w.t.world.farms.quickWmaticEnded;
const tokens = () => w.t.world.tokens;
const balanceOf = (token: Address) =>
  w.t.anvil.client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [wallet()],
  });

/** Sends a step's call from the wallet; its hash and receipt. */
async function send(call: StepCall) {
  const hash = await w.t.anvil.client.writeContract({
    ...call,
    abi: call.abi as Abi,
    account: wallet(),
    chain: null,
  } as never);
  const receipt = await w.t.anvil.client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return { hash, receipt };
}

/** Records the send as the web does after its receipt: POST /api/recovery/transactions. */
async function record(hash: Hash, stepKind: RecoveryStep['kind']) {
  const response = await w.testApp.request({
    method: 'POST',
    url: '/api/recovery/transactions',
    token: user.token,
    payload: { wallet_address: wallet(), tx_hash: hash, step_kind: stepKind },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A step as the plan names it, with only what the browser's builder reads. */
function step(
  kind: RecoveryStep['kind'],
  contract: Address,
  parts: Partial<RecoveryStep> = {},
): RecoveryStep {
  return {
    id: `${kind}:${contract}`,
    kind,
    contract,
    contract_label: '',
    function: '',
    spends: null,
    spender: null,
    receives: [],
    usd: null,
    gas: null,
    is_ready: true,
    note: null,
    vault: null,
    ...parts,
  };
}
const amountOf = (address: Address, raw: bigint) => ({
  address,
  symbol: '',
  decimals: 18,
  raw: String(raw),
  amount: '',
  usd: null,
});

async function getLedger(): Promise<Ledger> {
  const response = await w.testApp.request({
    method: 'GET',
    url: `/api/ledger?wallet=${wallet()}`,
    token: user.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ledgerSchema.parse(response.json());
}

const sends: Record<string, { hash: Hash; block: bigint; fee: bigint }> = {};
const moved: Record<string, bigint> = {};
const warnings: string[] = [];
let ledger: Ledger;

beforeAll(async () => {
  w = await startFarmsWorld();
  await refreshWorldIndex(w);
  await w.t.anvil.increaseTime(15 * 86_400);
  user = await createFarmUser(w, [wallet()]);
  const { DQUICK, QUICK, NEW_QUICK } = tokens();
  const pair = farm().pair;
  const keep = (key: string, sent: Awaited<ReturnType<typeof send>>) => {
    sends[key] = {
      hash: sent.hash,
      block: sent.receipt.blockNumber,
      fee: sent.receipt.gasUsed * sent.receipt.effectiveGasPrice,
    };
  };

  // The plan's exit of the ended farm, which nobody tracks.
  const plan = await fetchPlan(w, user.token, wallet());
  const exit = plan.steps.find((s) => s.kind === 'exit' && s.contract === farm().address)!;
  expect(exit).toBeDefined();
  const read = readsAt(w, await w.t.anvil.client.getBlockNumber());
  const owed = await read.position(farm(), wallet());
  moved.staked = owed.staked;
  moved.earned = owed.earned[0]!;
  const [lpBefore, dquickBefore] = [await balanceOf(pair), await balanceOf(DQUICK.address)];
  keep('exit', await send(buildStepCall(exit, { account: wallet() })));
  await record(sends.exit!.hash, 'exit');
  expect((await balanceOf(DQUICK.address)) - dquickBefore).toBe(moved.earned);

  // Remove the LP the exit returned: approve the router, then removeLiquidity.
  const lp = await balanceOf(pair);
  expect(lp - lpBefore).toBe(moved.staked);
  moved.lp = lp;
  const spends = amountOf(pair, lp);
  keep(
    'approve',
    await send(
      buildStepCall(step('approve', pair, { spends, spender: w.t.world.router }), { account: wallet() }),
    ),
  );
  await record(sends.approve!.hash, 'approve');
  const { tokenA, tokenB } = w.t.world.pairs['QUICK-WMATIC'];
  const [a, b] = [tokens()[tokenA].address, tokens()[tokenB].address];
  const [aBefore, bBefore] = [await balanceOf(a), await balanceOf(b)];
  const removal = step('remove_liquidity', w.t.world.router, {
    spends,
    receives: [amountOf(a, 0n), amountOf(b, 0n)],
  });
  const until = deadlineAfter((await w.t.anvil.client.getBlock()).timestamp);
  keep(
    'remove',
    await send(buildStepCall(removal, { account: wallet(), deadline: until, amountsMin: [1n, 1n] })),
  );
  await record(sends.remove!.hash, 'remove_liquidity');
  moved.a = (await balanceOf(a)) - aBefore;
  moved.b = (await balanceOf(b)) - bBefore;

  // Leave the lair with the dQUICK the exit paid, then convert the old QUICK to new.
  const dquick = await balanceOf(DQUICK.address);
  moved.dquick = dquick;
  const quickBefore = await balanceOf(QUICK.address);
  keep(
    'leave',
    await send(
      buildStepCall(step('leave_lair', DQUICK.address, { spends: amountOf(DQUICK.address, dquick) }), {
        account: wallet(),
      }),
    ),
  );
  await record(sends.leave!.hash, 'leave_lair');
  const oldQuick = await balanceOf(QUICK.address);
  moved.quick = oldQuick - quickBefore;
  moved.oldQuick = oldQuick;
  const quickSpends = amountOf(QUICK.address, oldQuick);
  const approveQuick = step('approve', QUICK.address, {
    spends: quickSpends,
    spender: w.t.world.quickConverter,
  });
  keep('approveQuick', await send(buildStepCall(approveQuick, { account: wallet() })));
  await record(sends.approveQuick!.hash, 'approve');
  const newBefore = await balanceOf(NEW_QUICK.address);
  const convert = step('convert_quick', w.t.world.quickConverter, { spends: quickSpends });
  keep('convert', await send(buildStepCall(convert, { account: wallet() })));
  await record(sends.convert!.hash, 'convert_quick');
  moved.newQuick = (await balanceOf(NEW_QUICK.address)) - newBefore;

  // The recorded sends' own job, on a short tick: the rows appear without any snapshot tick.
  const job = startRecordedSendsJob(
    {
      db: w.testApp.database.db,
      chainId: w.t.world.chainId,
      chain: w.t.chain,
      prices: w.prices,
      wmatic: w.testApp.config.wmaticAddress,
      finality: w.testApp.config.history.finality,
      oldTokens: { quick: tokens().QUICK.address, dquick: tokens().DQUICK.address },
    },
    { tickMs: 50, logWarn: (object, message) => warnings.push(`${message} ${String(object)}`) },
  );
  try {
    // Until the job's first run has settled every send (a run that failed would be retried by the next tick).
    for (let polls = 0; polls < 600; polls += 1) {
      ledger = await getLedger();
      if (ledger.rows.length >= 7) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await job.stop();
  }
}, 240_000);
afterAll(() => w?.close());

const rowsOf = (key: string): LedgerRow[] => ledger.rows.filter((row) => row.tx_hash === sends[key]!.hash);
const amounts = (list: LedgerRow['sent']) => list.map((a) => [a.address, BigInt(a.amount)]);
const close = (actual: number | null, expected: number) =>
  expect(isRelativelyClose(actual, expected), `${actual} ≈ ${expected}`).toBe(true);

describe("the recovery plan's sends in the wallet's ledger", () => {
  it('lists the exit of an untracked farm as a withdrawal of its LP and reward income at that block', async () => {
    const [withdraw, reward] = rowsOf('exit');
    expect(rowsOf('exit').map((r) => r.kind)).toEqual(['withdraw', 'reward']);
    expect(withdraw!.position.farm_address).toBe(farm().address);
    expect(amounts(withdraw!.received)).toEqual([[farm().pair, moved.staked]]);
    expect(amounts(reward!.received)).toEqual([[tokens().DQUICK.address, moved.earned]]);
    expect(reward!.received[0]!.symbol).toBe('dQUICK (old)');
    const at = readsAt(w, sends.exit!.block);
    close(reward!.usd, (Number(moved.earned) / 1e18) * (await at.priceOf(tokens().DQUICK.address)));
    // The LP at that block: its share of each reserve at each token's price.
    const state = await at.pairState(farm().pair);
    const lpUsd =
      (Number((moved.staked! * state.r0) / state.totalSupply) / 1e18) * (await at.priceOf(state.token0)) +
      (Number((moved.staked! * state.r1) / state.totalSupply) / 1e18) * (await at.priceOf(state.token1));
    close(withdraw!.usd, lpUsd);
    expect(ledger.totals.income_usd_unknown_rows).toBe(0);
    close(ledger.totals.income_usd, reward!.usd!);
    close(ledger.totals.withdrawals_usd, withdraw!.usd!);
  });

  it('lists the removal as the LP out and the two tokens in, and the approve as its gas only', () => {
    const rows = rowsOf('remove');
    expect(rows.map((r) => r.kind)).toEqual(['lp_removed']);
    const { tokenA, tokenB } = w.t.world.pairs['QUICK-WMATIC'];
    expect(amounts(rows[0]!.sent)).toEqual([[farm().pair, moved.lp]]);
    expect(new Map(amounts(rows[0]!.received) as [string, bigint][])).toEqual(
      new Map([
        [tokens()[tokenA].address, moved.a],
        [tokens()[tokenB].address, moved.b],
      ]),
    );
    expect(rows[0]!.usd).not.toBeNull();
    expect(rowsOf('approve').map((r) => r.kind)).toEqual(['fee_only']);
  });

  it('lists leaving the lair as dQUICK out and QUICK in, and the conversion as a 1:1000 redenomination', () => {
    const [leave] = rowsOf('leave');
    expect(rowsOf('leave').map((r) => r.kind)).toEqual(['lair_exit']);
    expect(amounts(leave!.sent)).toEqual([[tokens().DQUICK.address, moved.dquick]]);
    expect(amounts(leave!.received)).toEqual([[tokens().QUICK.address, moved.quick]]);
    const [convert] = rowsOf('convert');
    expect(rowsOf('convert').map((r) => r.kind)).toEqual(['redenomination']);
    expect(amounts(convert!.sent)).toEqual([[tokens().QUICK.address, moved.oldQuick]]);
    expect(amounts(convert!.received)).toEqual([[tokens().NEW_QUICK.address, moved.oldQuick! * 1000n]]);
    expect(moved.newQuick).toBe(moved.oldQuick! * 1000n);
    expect([convert!.sent[0]!.symbol, convert!.received[0]!.symbol]).toEqual(['QUICK (old)', 'QUICK']);
    // Neither income nor a withdrawal: the only income is the exit's reward.
    const income = ledger.rows.filter((r) => ['reward', 'v3_reward', 'v3_fees'].includes(r.kind));
    expect(income.map((r) => r.tx_hash)).toEqual([sends.exit!.hash]);
  });

  it("carries each transaction's gas once, as its receipt says", () => {
    for (const [key, sent] of Object.entries(sends)) {
      const paid = rowsOf(key).filter((row) => row.gas.status === 'paid');
      expect(
        paid.map((row) => row.gas.fee_pol),
        key,
      ).toEqual([sent.fee.toString()]);
      expect(
        rowsOf(key).every((row) => row.block_number === Number(sent.block)),
        key,
      ).toBe(true);
    }
    expect(warnings).toEqual([]);
    expect(ledger.rows).toHaveLength(7);
  });
});

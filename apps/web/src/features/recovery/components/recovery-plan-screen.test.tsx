import { screen, waitFor, within } from '@testing-library/react';
import type { RecoveryPlan } from '@tidewatch/shared/recovery';
import { recoveryAbis } from '@tidewatch/shared/recovery-calls';
import { type Abi, type Address, decodeFunctionData, type Hash, type Hex, verifyTypedData } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionTokenKey } from '../../../lib/session.ts';
import { fakeWalletAccount } from '../../../lib/wallet/testing/fake-wallet.ts';
import { walletEnvironment } from '../../../lib/wallet/wallet-environment.ts';
import { callsTo, errorReply, type FakeRequest, installFakeFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, validSession } from '../../../test/render-route.tsx';
import { savePendingTransaction } from '../../transactions/pending-store.ts';
import { type FakeChain, installFakeChain } from '../../transactions/testing/fake-chain.ts';
import { recordedTransaction } from '../../transactions/testing/render-runner.tsx';
import { transactionEnvironment } from '../../transactions/transaction-environment.ts';
import { answerPairReads, type PairState } from '../testing/pair-reads.ts';
import { emptyRecoveryPlan, planContracts, recoveryPlan, removeStep } from '../testing/plan-fixtures.ts';
import { watchOnlyText } from './recovery-plan-screen.tsx';

const wallet = fakeWalletAccount.address;
const planPath = `/recovery/plan?wallet_address=${wallet}`;
const savedTransactionEnvironment = { ...transactionEnvironment };
const savedWalletEnvironment = { ...walletEnvironment };
let chain: FakeChain | undefined;

/** The server: each GET of the plan answers the next of `plans` (the last one again when they run out). */
function installServer(plans: Array<RecoveryPlan | 'error'>): FakeRequest[] {
  window.sessionStorage.setItem(sessionTokenKey, 'token-1');
  let served = 0;
  return installFakeFetch((request) => {
    if (request.path === '/internal/token/session') return { body: validSession };
    if (request.path === planPath) {
      const plan = plans[Math.min(served++, plans.length - 1)];
      return plan === 'error'
        ? errorReply(502, 'CHAIN_UNAVAILABLE', 'the chain could not be read')
        : { body: plan };
    }
    if (request.method === 'POST' && request.path === '/recovery/transactions') {
      return { body: recordedTransaction((request.body as { tx_hash: string }).tx_hash, wallet) };
    }
    return undefined;
  });
}

function openPlan(plans: Array<RecoveryPlan | 'error'>) {
  const calls = installServer(plans);
  return { calls, ...renderRoute(`/wallets/${wallet}/recovery`) };
}

beforeEach(() => {
  Object.assign(transactionEnvironment, { pollingIntervalMs: 20, retryAfterProblemMs: 20 });
  walletEnvironment.reloadPage = () => {};
});

afterEach(() => {
  chain?.uninstall();
  chain = undefined;
  window.localStorage.clear();
  Object.assign(transactionEnvironment, savedTransactionEnvironment);
  Object.assign(walletEnvironment, savedWalletEnvironment);
});

const stepItem = (number: number) =>
  within(screen.getByRole('list', { name: 'steps' })).getAllByRole('listitem')[number - 1]!;

describe("the recovery plan ('get it out')", () => {
  it('lists what is left per farm, then the steps in order with what arrives, USD and gas, and the totals', async () => {
    chain = installFakeChain();
    openPlan([recoveryPlan()]);

    expect(await screen.findByRole('heading', { name: 'get it out' })).toBeInTheDocument();
    const left = await screen.findByRole('region', { name: 'left in ended farms' });
    expect(left).toHaveTextContent('farm WETH-USDC');
    expect(left).toHaveTextContent(
      'staked: 2 WETH-USDC LP ($400.00); unclaimed: 5 dQUICK (old) (price unknown)',
    );

    const exit = stepItem(1);
    expect(exit).toHaveAccessibleName(
      'step 1: Withdraw your stake and claim rewards from the WETH-USDC farm',
    );
    expect(exit).toHaveTextContent('you receive 2 WETH-USDC LP ($400.00) + 5 dQUICK (old) (price unknown)');
    expect(exit).toHaveTextContent('gas: 0.0054 POL ($0.01)');
    const remove = stepItem(2);
    expect(remove).toHaveTextContent('you receive 0.1 WETH ($200.00) + 200 USDC ($200.00); $400.00');
    // Its gas is the function's usual one: it waits for the exit. Under a cent is not '$0.00' (free).
    expect(remove).toHaveTextContent('gas: about 0.0045 POL (under $0.01)');
    expect(remove).toHaveTextContent('waits for an earlier step');
    expect(within(remove).queryByRole('button', { name: 'run this step' })).not.toBeInTheDocument();

    const totals = screen.getByLabelText('totals');
    expect(totals).toHaveTextContent('you get backunknown (a part has no price)');
    expect(totals).toHaveTextContent('gas in total0.0099 POL ($0.02)');
  });

  it("marks a farm whose reward balance is short with the step's note", async () => {
    chain = installFakeChain();
    openPlan([recoveryPlan({ isRewardShort: true })]);
    const left = await screen.findByRole('region', { name: 'left in ended farms' });
    expect(within(left).getByText('rewards short')).toBeInTheDocument();
    expect(left).toHaveTextContent('The farm holds only 1 dQUICK (old) of the 5 it owes you');
    expect(stepItem(1)).toHaveAccessibleName(
      'step 1: Withdraw your stake from the WETH-USDC farm, without claiming',
    );
  });

  it('says so when nothing is left in ended farms', async () => {
    openPlan([emptyRecoveryPlan()]);
    expect(await screen.findByText('nothing left in ended farms for this wallet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'steps' })).not.toBeInTheDocument();
  });

  it('shows a failed plan with retry', async () => {
    // A 502 is tried three times (the app's query retries) before the page says so.
    const { user } = openPlan(['error', 'error', 'error', emptyRecoveryPlan()]);
    expect(
      await screen.findByText('the chain could not be read', {}, { timeout: 8_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByText('nothing left in ended farms for this wallet')).toBeInTheDocument();
  });

  it("keeps the plan and the step's confirmation when reading the plan again fails, and says so", async () => {
    // Issue 43, finding 5: a refetch after a mined step that fails (every read after the first) must not
    // replace the page, and the confirmed step with it, by an error page.
    chain = installFakeChain();
    const fake = chain;
    const { user } = openPlan([recoveryPlan(), 'error']);
    await user.click(
      await within(await waitFor(() => stepItem(1))).findByRole('button', { name: 'run this step' }),
    );
    await user.click(await screen.findByRole('button', { name: 'confirm in wallet' }));
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    fake.mine(fake.sent[0]?.hash);

    expect(
      await screen.findByText(
        'could not read the recovery plan again: this is the plan as last read',
        {},
        { timeout: 8_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('confirmed in block 101')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'steps' })).toBeInTheDocument();
    expect(screen.queryByText('could not load the recovery plan')).not.toBeInTheDocument();
  });

  it('shows a watch-only wallet its plan with every action disabled, saying why', async () => {
    chain = installFakeChain();
    openPlan([recoveryPlan({ isWatchOnly: true })]);
    expect(await screen.findAllByText(new RegExp(watchOnlyText))).not.toHaveLength(0);
    expect(within(stepItem(1)).getByRole('button', { name: 'run this step' })).toBeDisabled();
  });

  it('runs the first ready step in the wallet, then reads the plan again from the chain', async () => {
    chain = installFakeChain();
    const fake = chain;
    const { user, calls } = openPlan([recoveryPlan(), recoveryPlan({ withStakeInWallet: true })]);
    await user.click(
      await within(await waitFor(() => stepItem(1))).findByRole('button', { name: 'run this step' }),
    );

    await user.click(await screen.findByRole('button', { name: 'confirm in wallet' }));
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    expect(fake.sent[0]?.to?.toLowerCase()).toBe(planContracts.farm);
    fake.mine(fake.sent[0]?.hash);

    expect(await screen.findByText('confirmed in block 101')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'GET', planPath).length).toBeGreaterThanOrEqual(2));
    // The plan read again: the LP is in the wallet and removing it is the step that can run now.
    expect(
      await screen.findByRole('listitem', { name: 'step 1: Remove liquidity of WETH-USDC' }),
    ).toBeInTheDocument();
    expect(within(stepItem(1)).getByRole('button', { name: 'run this step' })).toBeEnabled();
  });

  it('removes liquidity with a permit signed in the wallet and minimum amounts from fresh reads at the slippage', async () => {
    chain = installFakeChain();
    const fake = chain;
    const pair: PairState = {
      reserve0: 50n * 10n ** 18n,
      reserve1: 100_000n * 10n ** 6n,
      totalSupply: 1000n * 10n ** 18n,
      kLast: 0n,
      balance0: 50n * 10n ** 18n,
      balance1: 100_000n * 10n ** 6n,
      routerAllowance: 0n,
      nonce: 3n,
    };
    fake.onCall = answerPairReads(pair);
    const { user } = openPlan([recoveryPlan({ withStakeInWallet: true })]);
    await user.click(
      await within(await waitFor(() => stepItem(1))).findByRole('button', { name: 'run this step' }),
    );
    // Nothing is asked of the wallet before the person sees the call and what the permit allows.
    const runner = await screen.findByRole('region', { name: /^transaction / });
    const sign = await within(runner).findByRole('button', { name: 'sign the permit in wallet' });
    expect(within(runner).getByText(removeStep.function)).toBeInTheDocument();
    const receives = within(runner).getByRole('list', { name: 'you receive' });
    for (const { amount, symbol } of removeStep.receives)
      expect(receives).toHaveTextContent(`${amount} ${symbol}`);
    expect(runner).toHaveTextContent(
      `MetaMask will ask you to sign a permit for ${removeStep.spends?.amount} ${removeStep.spends?.symbol} to the router ${planContracts.router}`,
    );
    expect(fake.methods).not.toContain('eth_signTypedData_v4');
    await user.click(sign);
    await user.click(await screen.findByRole('button', { name: 'confirm in wallet' }));
    await waitFor(() => expect(fake.sent).toHaveLength(1));

    const liquidity = BigInt(removeStep.spends?.raw ?? '0');
    // The pair pays liquidity × balance / totalSupply (no protocol fee: feeTo is unset); 0.5 % less is the least.
    const amount0 = (liquidity * pair.balance0) / pair.totalSupply;
    const amount1 = (liquidity * pair.balance1) / pair.totalSupply;
    const { functionName, args } = decodeFunctionData({
      abi: recoveryAbis.router as Abi,
      data: fake.sent[0]?.input as Hex,
    });
    expect(functionName).toBe('removeLiquidityWithPermit');
    const [tokenA, tokenB, sentLiquidity, minA, minB, to, deadline, approveMax, v, r, s] = args as [
      Address,
      Address,
      bigint,
      bigint,
      bigint,
      Address,
      bigint,
      boolean,
      number,
      Hex,
      Hex,
    ];
    expect([tokenA.toLowerCase(), tokenB.toLowerCase()]).toEqual([planContracts.weth, planContracts.usdc]);
    expect(sentLiquidity).toBe(liquidity);
    expect(minA).toBe((amount0 * 9950n) / 10000n);
    expect(minB).toBe((amount1 * 9950n) / 10000n);
    expect(to).toBe(wallet);
    // 20 minutes after the latest block, by the chain's clock.
    expect(deadline).toBe(fake.latestTimestamp + 1200n);
    expect(approveMax).toBe(false);
    // The permit the wallet signed is for exactly this: the router may take the liquidity until the deadline.
    const isValid = await verifyTypedData({
      address: wallet,
      domain: { name: 'Uniswap V2', version: '1', chainId: 137, verifyingContract: planContracts.pair },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: {
        owner: wallet,
        spender: planContracts.router,
        value: liquidity,
        nonce: pair.nonce,
        deadline,
      },
      signature: `${r}${s.slice(2)}${v.toString(16)}` as Hex,
    });
    expect(isValid).toBe(true);
  });

  it('approves the router first when the wallet cannot sign a permit', async () => {
    chain = installFakeChain();
    const fake = chain;
    fake.onCall = answerPairReads({
      reserve0: 10n ** 18n,
      reserve1: 10n ** 9n,
      totalSupply: 10n ** 19n,
      kLast: 0n,
      balance0: 10n ** 18n,
      balance1: 10n ** 9n,
      routerAllowance: 0n,
      nonce: 0n,
    });
    fake.wallet.failNext('eth_signTypedData_v4', 4200, 'the method is not supported');
    const { user } = openPlan([recoveryPlan({ withStakeInWallet: true })]);
    await user.click(
      await within(await waitFor(() => stepItem(1))).findByRole('button', { name: 'run this step' }),
    );

    const runner = await screen.findByRole('region', { name: /^transaction / });
    await user.click(await within(runner).findByRole('button', { name: 'sign the permit in wallet' }));
    expect(await within(runner).findByText('approve(address,uint256)')).toBeInTheDocument();
    await user.click(within(runner).getByRole('button', { name: 'confirm in wallet' }));
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    const { functionName, args } = decodeFunctionData({
      abi: recoveryAbis.erc20 as Abi,
      data: fake.sent[0]?.input as Hex,
    });
    expect(functionName).toBe('approve');
    expect(args).toEqual([
      expect.stringMatching(new RegExp(planContracts.router, 'i')),
      BigInt(removeStep.spends?.raw ?? '0'),
    ]);
    expect(fake.sent[0]?.to?.toLowerCase()).toBe(planContracts.pair);
  });

  it('runs the same step again after its approve fallback was mined, without a reload', async () => {
    chain = installFakeChain();
    const fake = chain;
    fake.onCall = answerPairReads({
      reserve0: 10n ** 18n,
      reserve1: 10n ** 9n,
      totalSupply: 10n ** 19n,
      kLast: 0n,
      balance0: 10n ** 18n,
      balance1: 10n ** 9n,
      routerAllowance: 0n,
      nonce: 0n,
    });
    fake.wallet.failNext('eth_signTypedData_v4', 4200, 'the method is not supported');
    const { user } = openPlan([recoveryPlan({ withStakeInWallet: true })]);
    await user.click(
      await within(await waitFor(() => stepItem(1))).findByRole('button', { name: 'run this step' }),
    );
    await user.click(await screen.findByRole('button', { name: 'sign the permit in wallet' }));
    await user.click(await screen.findByRole('button', { name: 'confirm in wallet' }));
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    fake.mine(fake.sent[0]?.hash);
    expect(await screen.findByText('confirmed in block 101')).toBeInTheDocument();

    // The plan still lists the same step (its id unchanged): running it starts a new run, not the old receipt.
    await user.click(await within(stepItem(1)).findByRole('button', { name: 'run this step' }));
    await user.click(await screen.findByRole('button', { name: 'sign the permit in wallet' }));
    await user.click(await screen.findByRole('button', { name: 'confirm in wallet' }));
    await waitFor(() => expect(fake.sent).toHaveLength(2));
  });

  it('sends nothing to a contract the plan did not verify', async () => {
    chain = installFakeChain();
    const fake = chain;
    const plan = recoveryPlan();
    const stranger = '0x9999999999999999999999999999999999999999';
    const { user } = openPlan([{ ...plan, steps: [{ ...plan.steps[0]!, contract: stranger }] }]);
    await user.click(
      await within(await waitFor(() => stepItem(1))).findByRole('button', { name: 'run this step' }),
    );
    expect(
      await screen.findByText(new RegExp(`${stranger} is not a contract this plan verified`)),
    ).toBeInTheDocument();
    expect(fake.methods).not.toContain('eth_call');
    expect(screen.queryByRole('button', { name: 'confirm in wallet' })).not.toBeInTheDocument();
  });

  it('asks for a second confirmation above 5 % slippage, and refuses what is not a number', async () => {
    chain = installFakeChain();
    const { user } = openPlan([recoveryPlan({ withStakeInWallet: true })]);
    const field = await screen.findByLabelText('slippage for removing liquidity (%)');
    expect(field).toHaveValue('0.5');
    const run = () => within(stepItem(1)).getByRole('button', { name: 'run this step' });
    expect(run()).toBeEnabled();

    await user.clear(field);
    await user.type(field, 'abc');
    expect(screen.getByText('write a number, like 12.5')).toBeInTheDocument();
    expect(run()).toBeDisabled();

    await user.clear(field);
    await user.type(field, '-1');
    expect(screen.getByText('the slippage cannot be negative')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '7,5');
    expect(run()).toBeDisabled();
    expect(within(stepItem(1)).getByText('accept up to 7.5 % less first')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I accept up to 7.5 % less' }));
    expect(run()).toBeEnabled();

    // Accepting 7.5 % is not accepting 50 %: a changed value asks again.
    await user.clear(field);
    await user.type(field, '50');
    expect(run()).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'I accept up to 50 % less' })).not.toBeChecked();
  });

  it('records a step mined while the page was closed even when the plan no longer lists it', async () => {
    chain = installFakeChain();
    const fake = chain;
    const hash = (await fake.wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet, to: planContracts.farm, data: '0xe9fad8ee' }],
    })) as Hash;
    fake.sent.length = 0;
    fake.mine(hash);
    savePendingTransaction(wallet, `exit:${planContracts.farm}`, {
      hash,
      from: wallet,
      nonce: 0,
      stepKind: 'exit',
    });
    // The exit is done: the plan read now lists only removing the LP.
    const { calls } = openPlan([recoveryPlan({ withStakeInWallet: true })]);

    expect(await screen.findByText('confirmed in block 101')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/recovery/transactions').map((call) => call.body)).toEqual([
        { wallet_address: wallet, tx_hash: hash, step_kind: 'exit' },
      ]),
    );
    await waitFor(() => expect(window.localStorage.length).toBe(0));
    expect(fake.sent).toHaveLength(0);
  });

  it('resumes a step whose transaction was sent before a reload, without sending it again', async () => {
    chain = installFakeChain();
    const fake = chain;
    const hash = (await fake.wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet, to: planContracts.farm, data: '0xe9fad8ee' }],
    })) as Hash;
    fake.sent.length = 0;
    savePendingTransaction(wallet, `exit:${planContracts.farm}`, {
      hash,
      from: wallet,
      nonce: 0,
      stepKind: 'exit',
    });
    openPlan([recoveryPlan(), recoveryPlan({ withStakeInWallet: true })]);

    expect(await screen.findByRole('link', { name: hash })).toBeInTheDocument();
    fake.mine(hash);
    expect(await screen.findByText('confirmed in block 101')).toBeInTheDocument();
    expect(fake.sent).toHaveLength(0);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { formatUnits, type Hash } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeWalletAccount } from '../../../lib/wallet/testing/fake-wallet.ts';
import { walletEnvironment } from '../../../lib/wallet/wallet-environment.ts';
import { walletMessages } from '../../../lib/wallet/wallet-messages.ts';
import { callsTo, errorReply } from '../../../test/fake-fetch.ts';
import { savePendingTransaction } from '../pending-store.ts';
import { type FakeChain, installFakeChain } from '../testing/fake-chain.ts';
import { exitRequest, farmAddress, renderRunner } from '../testing/render-runner.tsx';
import { transactionEnvironment } from '../transaction-environment.ts';

const wallet = fakeWalletAccount.address;
const savedTransactionEnvironment = { ...transactionEnvironment };
const savedWalletEnvironment = { ...walletEnvironment };
let chain: FakeChain | undefined;

function useChain(options?: Parameters<typeof installFakeChain>[0]): FakeChain {
  chain = installFakeChain(options);
  chain.gasPriceWei = 300_000_000_000n;
  return chain;
}

beforeEach(() => {
  // jsdom has no blocks to wait for: the wait looks every 20 ms instead of every 4 s.
  Object.assign(transactionEnvironment, {
    pollingIntervalMs: 20,
    retryAfterProblemMs: 20,
    recordRetryDelayMs: 10,
  });
  walletEnvironment.reloadPage = () => {};
});

afterEach(() => {
  chain?.uninstall();
  chain = undefined;
  window.localStorage.clear();
  Object.assign(transactionEnvironment, savedTransactionEnvironment);
  Object.assign(walletEnvironment, savedWalletEnvironment);
});

const runner = () => screen.getByRole('region', { name: 'transaction exit() on farm WETH-USDC' });
const confirmButton = () => screen.findByRole('button', { name: 'confirm in wallet' });

describe('the transaction runner', () => {
  it('reviews the call (contract, function, what arrives, gas), sends it on confirm and records its receipt', async () => {
    const fake = useChain();
    const { user, calls, onFinished } = renderRunner(wallet, exitRequest());

    const confirm = await confirmButton();
    const region = runner();
    expect(within(region).getByText('farm WETH-USDC')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: farmAddress })).toHaveAttribute(
      'href',
      `https://polygonscan.com/address/${farmAddress}`,
    );
    expect(within(region).getByText('exit()')).toBeInTheDocument();
    const receives = within(region).getByRole('list', { name: 'you receive' });
    expect(receives).toHaveTextContent('1.5 WETH ($3,000.00)');
    expect(receives).toHaveTextContent('12.25 dQUICK (price unknown)');
    // Gas: the estimate × the gas price, in POL, and at $0.50 per POL.
    const gasPol = formatUnits(fake.gasEstimate * fake.gasPriceWei, 18);
    expect(gasPol).toBe('0.0189');
    expect(region).toHaveTextContent(`about ${gasPol} POL ($0.01)`);
    // The simulation ran from the wallet at the latest block before anything was sent.
    expect(fake.methods).toContain('eth_call');
    expect(fake.sent).toHaveLength(0);

    await user.click(confirm);
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    const [sent] = fake.sent;
    expect(sent?.to?.toLowerCase()).toBe(farmAddress);
    expect(sent?.input).toBe('0xe9fad8ee'); // exit()
    expect(await screen.findByRole('link', { name: sent?.hash })).toHaveAttribute(
      'href',
      `https://polygonscan.com/tx/${sent?.hash}`,
    );
    expect(screen.getByText(/pending: waiting for the transaction to be mined/)).toBeInTheDocument();
    expect(onFinished).not.toHaveBeenCalled();

    fake.mine(sent?.hash);
    expect(await screen.findByText('confirmed in block 101')).toBeInTheDocument();
    // The server's record: 0.0153702 POL, shown as every token amount is (four significant digits below 1).
    expect(await screen.findByText('gas paid: 0.01537 POL ($0.01)')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/recovery/transactions').map((call) => call.body)).toEqual([
      { wallet_address: wallet, tx_hash: sent?.hash, step_kind: 'exit' },
    ]);
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith('confirmed'));
    expect(fake.sent).toHaveLength(1);
  });

  it("records again when the server's node does not know the hash yet (404) or has not mined it (409)", async () => {
    const fake = useChain();
    const notYet = [
      errorReply(404, 'NOT_FOUND', 'the transaction is not known to the node yet'),
      errorReply(409, 'NOT_MINED', 'the transaction is not mined yet'),
    ];
    const { user, calls, onFinished } = renderRunner(wallet, exitRequest(), (attempt) => notYet[attempt]);
    await user.click(await confirmButton());
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    fake.mine(fake.sent[0]?.hash);

    expect(await screen.findByText('gas paid: 0.01537 POL ($0.01)')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/recovery/transactions')).toHaveLength(3);
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith('confirmed'));
    expect(window.localStorage.length).toBe(0);
  });

  it('keeps the hash when the server still does not know it after its retries, so a reload records it', async () => {
    const fake = useChain();
    const { user, calls } = renderRunner(wallet, exitRequest(), () =>
      errorReply(404, 'NOT_FOUND', 'the transaction is not known to the node yet'),
    );
    await user.click(await confirmButton());
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    fake.mine(fake.sent[0]?.hash);

    expect(await screen.findByText('the transaction could not be recorded')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/recovery/transactions').length).toBeGreaterThan(1);
    expect(window.localStorage.length).toBe(1);
  });

  it("shows the contract's revert reason and offers no confirm when the simulation reverts", async () => {
    const fake = useChain();
    fake.onCall = () => ({ revert: 'Not enough rewards' });
    renderRunner(wallet, exitRequest());

    expect(await screen.findByText('the farm would revert: Not enough rewards')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'confirm in wallet' })).not.toBeInTheDocument();
    expect(fake.methods).not.toContain('eth_sendTransaction');
  });

  it("says the spec's rejection when the wallet's prompt is rejected (4001), sends nothing and can try again", async () => {
    const fake = useChain();
    fake.wallet.failNext('eth_sendTransaction', 4001, 'User denied transaction signature.');
    const { user, onFinished } = renderRunner(wallet, exitRequest());

    await user.click(await confirmButton());
    expect(await screen.findByText(walletMessages.rejected)).toBeInTheDocument();
    expect(fake.sent).toHaveLength(0);
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith('rejected'));

    await user.click(screen.getByRole('button', { name: 'try again' }));
    await user.click(await confirmButton());
    await waitFor(() => expect(fake.sent).toHaveLength(1));
  });

  it('follows a transaction replaced in the wallet (same nonce) to its receipt and records the replacement', async () => {
    const fake = useChain();
    const { user, calls, onFinished } = renderRunner(wallet, exitRequest());
    await user.click(await confirmButton());
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    const original = fake.sent[0]?.hash as Hash;
    await screen.findByRole('link', { name: original });

    const replacement = fake.replace(original, 'replaced');
    expect(await screen.findByText(/replaced in your wallet/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: replacement }).length).toBeGreaterThan(0);
    expect(await screen.findByText('confirmed in block 101')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/recovery/transactions').map((call) => call.body)).toEqual([
        { wallet_address: wallet, tx_hash: replacement, step_kind: 'exit' },
      ]),
    );
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith('confirmed'));
  });

  it('says a transaction cancelled in the wallet did nothing, records nothing and can run again', async () => {
    const fake = useChain();
    const { user, calls, onFinished } = renderRunner(wallet, exitRequest());
    await user.click(await confirmButton());
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    await screen.findByText(/pending: waiting/);

    fake.replace(fake.sent[0]?.hash as Hash, 'cancelled');
    expect(await screen.findByText(/cancelled in your wallet/)).toBeInTheDocument();
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith('rejected'));
    expect(callsTo(calls, 'POST', '/recovery/transactions')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'try again' })).toBeInTheDocument();
  });

  it('explains a transaction that reverted on chain with the reason the call gives at its block', async () => {
    const fake = useChain();
    const { user, onFinished } = renderRunner(wallet, exitRequest());
    await user.click(await confirmButton());
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    // Between the review and the block, the farm ran out of reward tokens.
    fake.onCall = ({ block }) => (block === 'latest' ? undefined : { revert: 'Not enough rewards' });
    fake.mine(fake.sent[0]?.hash, 'reverted');

    expect(await screen.findByText('failed in block 101: Not enough rewards')).toBeInTheDocument();
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith('failed'));
  });

  it('resumes from a stored hash after a reload: it waits, never sends again', async () => {
    const fake = useChain();
    // The page that sent it is gone; the chain has the transaction.
    const hash = await fake.wallet.provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet, to: farmAddress, data: '0xe9fad8ee' }],
    });
    fake.sent.length = 0;
    savePendingTransaction(wallet, `exit:${farmAddress}`, {
      hash: hash as Hash,
      from: wallet,
      nonce: 0,
      stepKind: 'exit',
    });
    const { calls } = renderRunner(wallet, exitRequest());

    expect(await screen.findByRole('link', { name: hash as string })).toBeInTheDocument();
    fake.mine(hash as Hash);
    expect(await screen.findByText('confirmed in block 101')).toBeInTheDocument();
    expect(fake.sent).toHaveLength(0);
    expect(fake.methods).not.toContain('eth_call');
    await waitFor(() => expect(callsTo(calls, 'POST', '/recovery/transactions')).toHaveLength(1));
    expect(window.localStorage.length).toBe(0);
  });

  it('stays pending while the network fails and follows the receipt once it is back', async () => {
    const fake = useChain();
    const { user } = renderRunner(wallet, exitRequest());
    await user.click(await confirmButton());
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    fake.isDown = true;
    fake.mine(fake.sent[0]?.hash);
    expect(
      await screen.findByText(/could not reach the network to follow this transaction/),
    ).toBeInTheDocument();
    expect(screen.getByText(/pending: waiting/)).toBeInTheDocument();

    fake.isDown = false;
    expect(await screen.findByText('confirmed in block 101')).toBeInTheDocument();
    expect(fake.sent).toHaveLength(1);
  });

  it('names the account to select when MetaMask is connected as another', async () => {
    useChain();
    const other = '0x1234567890abcdef1234567890abcdef12345678';
    renderRunner(other, exitRequest());
    expect(
      await screen.findByText(
        `select 0x1234…5678 in MetaMask: it is connected as ${wallet.slice(0, 6)}…${wallet.slice(-4)}`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'confirm in wallet' })).not.toBeInTheDocument();
  });

  it('asks the wallet to switch to Polygon on another network, then reviews', async () => {
    const fake = useChain({ chainId: 1 });
    const { user } = renderRunner(wallet, exitRequest());
    expect(await screen.findByText(/MetaMask is on Ethereum/)).toBeInTheDocument();
    expect(fake.methods).not.toContain('eth_call');

    await user.click(screen.getByRole('button', { name: 'switch to Polygon' }));
    expect(fake.methods).toContain('wallet_switchEthereumChain');
    expect(await confirmButton()).toBeEnabled();
  });

  it('sends a request on Base only once the wallet switched to it, names Base, and keeps the page on that switch', async () => {
    const fake = useChain();
    walletEnvironment.networkChangeReloadDelayMs = 0;
    let reloads = 0;
    walletEnvironment.reloadPage = () => {
      reloads += 1;
    };
    const { user, calls } = renderRunner(wallet, { ...exitRequest(), chainId: 8453, polUsd: null });
    expect(
      await screen.findByText('MetaMask is on Polygon: Tidewatch sends this transaction on Base'),
    ).toBeInTheDocument();
    expect(fake.methods).not.toContain('eth_call');

    await user.click(screen.getByRole('button', { name: 'switch to Base' }));
    const confirm = await confirmButton();
    expect(fake.chainId).toBe(8453);
    // Gas in Base's ETH (no price given), the contract on basescan.
    expect(runner()).toHaveTextContent('about 0.0189 ETH (USD unknown)');
    expect(within(runner()).getByRole('link', { name: farmAddress })).toHaveAttribute(
      'href',
      `https://basescan.org/address/${farmAddress}`,
    );
    await user.click(confirm);
    await waitFor(() => expect(fake.sent).toHaveLength(1));
    fake.mine(fake.sent[0]?.hash);
    expect(await screen.findByText(/^confirmed in block/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: fake.sent[0]?.hash })).toHaveAttribute(
      'href',
      `https://basescan.org/tx/${fake.sent[0]?.hash}`,
    );
    // Not reported to the server (its books read Polygon), and the switch the app asked for reloaded nothing.
    expect(callsTo(calls, 'POST', '/recovery/transactions')).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reloads).toBe(0);
  });

  it('asks to connect MetaMask when it is not connected', async () => {
    useChain({ isAuthorized: false });
    const { user } = renderRunner(wallet, exitRequest());
    await user.click(await screen.findByRole('button', { name: 'connect to metamask' }));
    expect(await confirmButton()).toBeEnabled();
  });
});

import { createContext, runInContext, runInNewContext } from 'node:vm';
import type { Page } from 'playwright-core';
import {
  createPublicClient,
  custom,
  type Hex,
  parseEther,
  type ReplacementReason,
  type TransactionReceipt,
  verifyMessage,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, localPolygonChain, startAnvil } from './anvil.ts';
import { createTestWalletBridge, type TestWalletBridge } from './wallet/bridge.ts';
import { testWalletInitScript } from './wallet/init-script.ts';
import { installTestWallet } from './wallet/install.ts';
import { testAccounts } from './world/accounts.ts';

let anvil: Anvil;
let bridge: TestWalletBridge;

beforeAll(async () => {
  anvil = await startAnvil();
  bridge = createTestWalletBridge({
    rpcUrl: anvil.rpcUrl,
    privateKey: testAccounts.user.privateKey,
    chainId: 137,
  });
});
afterAll(async () => {
  await anvil.stop();
});

describe('createTestWalletBridge', () => {
  it('hides accounts until eth_requestAccounts, then exposes the key address', async () => {
    expect(await bridge.handle('eth_accounts', [])).toEqual({ result: [] });
    expect(await bridge.handle('eth_chainId', [])).toEqual({ result: '0x89' });
    expect(await bridge.handle('net_version', [])).toEqual({ result: '137' });
    expect(await bridge.handle('eth_requestAccounts', [])).toEqual({ result: [testAccounts.user.address] });
    expect(await bridge.handle('eth_accounts', [])).toEqual({ result: [testAccounts.user.address] });
  });

  it('personal_sign produces a signature viem verifies (hex and text messages)', async () => {
    const text = 'Tidewatch wants you to sign in.\nNonce: 1234';
    const answer = await bridge.handle('personal_sign', [text, bridge.address]);
    if (!('result' in answer)) throw new Error(`unexpected error ${answer.error.message}`);
    expect(
      await verifyMessage({
        address: bridge.address,
        message: text,
        signature: answer.result as `0x${string}`,
      }),
    ).toBe(true);
    const hex = '0x48656c6c6f';
    const hexAnswer = await bridge.handle('personal_sign', [hex, bridge.address]);
    if (!('result' in hexAnswer)) throw new Error('unexpected error');
    expect(
      await verifyMessage({
        address: bridge.address,
        message: 'Hello',
        signature: hexAnswer.result as `0x${string}`,
      }),
    ).toBe(true);
  });

  it('failNext answers the next call with an EIP-1193 error, once', async () => {
    bridge.failNext('personal_sign', 4001);
    const rejected = await bridge.handle('personal_sign', ['hi', bridge.address]);
    expect(rejected).toEqual({ error: { code: 4001, message: 'User rejected the request.' } });
    expect('result' in (await bridge.handle('personal_sign', ['hi', bridge.address]))).toBe(true);
    bridge.failNext('eth_requestAccounts', -32002);
    expect(await bridge.handle('eth_requestAccounts', [])).toMatchObject({ error: { code: -32002 } });
  });

  it('switches only to its own chain and forwards reads to the node', async () => {
    expect(await bridge.handle('wallet_switchEthereumChain', [{ chainId: '0x89' }])).toEqual({
      result: null,
    });
    expect(await bridge.handle('wallet_switchEthereumChain', [{ chainId: '0x1' }])).toMatchObject({
      error: { code: 4902 },
    });
    expect(await bridge.handle('eth_blockNumber', [])).toEqual({ result: expect.stringMatching(/^0x/) });
    const balance = await bridge.handle('eth_getBalance', [bridge.address, 'latest']);
    expect(BigInt((balance as { result: string }).result)).toBeGreaterThan(0n);
  });
});

describe('testWalletInitScript', () => {
  /** Runs the script in a bare context with EventTarget-based window, as a page would. */
  function runScript(onRequest: (method: string, params: unknown) => unknown) {
    const window = new EventTarget() as EventTarget & Record<string, unknown>;
    window.__tidewatchWalletRequest = async (method: string, params: unknown) => onRequest(method, params);
    const announced: { info: { name: string; rdns: string }; provider: unknown }[] = [];
    window.addEventListener('eip6963:announceProvider', (event) => {
      announced.push((event as CustomEvent).detail);
    });
    runInNewContext(testWalletInitScript({ announceAs: { name: 'Test Wallet', rdns: 'test.tidewatch' } }), {
      window,
      CustomEvent,
      Error,
      console,
      Object,
    });
    return { window, announced };
  }

  it('defines window.ethereum that forwards requests and rethrows EIP-1193 errors with a code', async () => {
    const { window } = runScript((method) =>
      method === 'personal_sign' ? { error: { code: 4001, message: 'User rejected' } } : { result: '0x89' },
    );
    const ethereum = window.ethereum as {
      isMetaMask: boolean;
      request(args: { method: string; params?: unknown[] }): Promise<unknown>;
    };
    expect(ethereum.isMetaMask).toBe(true);
    expect(await ethereum.request({ method: 'eth_chainId' })).toBe('0x89');
    await expect(ethereum.request({ method: 'personal_sign', params: ['x'] })).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected',
    });
  });

  it('announces over EIP-6963 on load and on request, and emits events to listeners', () => {
    const { window, announced } = runScript(() => ({ result: null }));
    expect(announced).toHaveLength(1);
    expect(announced[0]?.info).toMatchObject({ name: 'Test Wallet', rdns: 'test.tidewatch' });
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(announced).toHaveLength(2);
    expect(announced[1]?.provider).toBe(window.ethereum);

    const ethereum = window.ethereum as {
      on(e: string, f: (p: unknown) => void): void;
      removeListener(e: string, f: (p: unknown) => void): void;
    };
    const seen: unknown[] = [];
    const listener = (payload: unknown) => seen.push(payload);
    ethereum.on('accountsChanged', listener);
    const emit = window.__tidewatchWalletEmit as (event: string, payload: unknown) => number;
    emit('accountsChanged', ['0xabc']);
    ethereum.removeListener('accountsChanged', listener);
    emit('accountsChanged', []);
    expect(seen).toEqual([['0xabc']]);
  });

  it('defaults to MetaMask identity', () => {
    const script = testWalletInitScript();
    expect(script).toContain('"rdns":"io.metamask"');
    expect(script).toContain('"name":"MetaMask"');
  });
});

/** A viem client whose every request goes through the wallet, as the page's would through window.ethereum. */
function clientThroughWallet(wallet: TestWalletBridge) {
  return createPublicClient({
    chain: localPolygonChain(anvil.rpcUrl),
    pollingInterval: 20,
    transport: custom({
      async request({ method, params }) {
        const answer = await wallet.handle(method, params);
        if ('error' in answer)
          throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
        return answer.result;
      },
    }),
  });
}

async function resultOf(answer: Promise<{ result: unknown } | { error: { message: string } }>) {
  const settled = await answer;
  if ('error' in settled) throw new Error(settled.error.message);
  return settled.result;
}

describe('replaceNextTransaction', () => {
  const idle = testAccounts.idle.address;
  const balanceOfIdle = () => anvil.client.getBalance({ address: idle });

  /** Sends 1 native token to the idle account through the wallet and follows it as viem (and wagmi) do. */
  async function sendAndFollow(wallet: TestWalletBridge) {
    const hash = (await resultOf(
      wallet.handle('eth_sendTransaction', [
        { from: wallet.address, to: idle, value: `0x${parseEther('1').toString(16)}` },
      ]),
    )) as Hex;
    let replaced: { reason: ReplacementReason; transaction: { hash: Hex } } | undefined;
    const receipt: TransactionReceipt = await clientThroughWallet(wallet).waitForTransactionReceipt({
      hash,
      onReplaced: (replacement) => {
        replaced = replacement;
      },
    });
    return { hash, receipt, replaced };
  }

  it.each([
    ['speed-up', 'repriced', parseEther('1')],
    ['cancel', 'cancelled', 0n],
  ] as const)(
    '%s: the page follows the replacement (%s), mined with the same nonce at higher fees',
    async (mode, reason, paid) => {
      const wallet = createTestWalletBridge({
        rpcUrl: anvil.rpcUrl,
        privateKey: testAccounts.user.privateKey,
      });
      await wallet.handle('eth_requestAccounts', []);
      const idleBefore = await balanceOfIdle();
      const replacement = wallet.replaceNextTransaction(mode);

      const { hash, receipt, replaced } = await sendAndFollow(wallet);

      const made = await replacement;
      expect(made).toEqual({ mode, replaced: hash, replacement: receipt.transactionHash });
      expect(wallet.lastReplacement()).toEqual(made);
      expect(replaced).toMatchObject({ reason, transaction: { hash: receipt.transactionHash } });
      expect(receipt.status).toBe('success');
      const [mined, original] = await Promise.all([
        anvil.client.getTransaction({ hash: receipt.transactionHash }),
        anvil.client.getTransactionReceipt({ hash }).catch(() => null),
      ]);
      // The replaced transaction was never mined.
      expect(original).toBeNull();
      expect(mined.to).toBe(mode === 'speed-up' ? idle.toLowerCase() : wallet.address.toLowerCase());
      expect(mined.value).toBe(paid);
      expect(mined.input).toBe('0x');
      expect(await balanceOfIdle()).toBe(idleBefore + paid);
      // Automine is back on: the next transaction is mined without anyone mining.
      const next = await sendAndFollow(wallet);
      expect(next.replaced).toBeUndefined();
      expect(next.receipt.status).toBe('success');
      expect(next.receipt.blockNumber).toBe(receipt.blockNumber + 1n);
    },
  );

  it('keeps the nonce and raises both fees of a speed-up', async () => {
    const wallet = createTestWalletBridge({ rpcUrl: anvil.rpcUrl, privateKey: testAccounts.user.privateKey });
    await wallet.handle('eth_requestAccounts', []);
    const replacement = wallet.replaceNextTransaction('speed-up');
    const hash = (await resultOf(
      wallet.handle('eth_sendTransaction', [{ from: wallet.address, to: idle, value: '0x1' }]),
    )) as Hex;
    // Pending until the page asks about it: the node answers with a transaction that has no block yet.
    const pending = (await resultOf(wallet.handle('eth_getTransactionByHash', [hash]))) as {
      blockNumber: string | null;
      nonce: string;
      maxFeePerGas: string;
      maxPriorityFeePerGas: string;
    };
    expect(pending.blockNumber).toBeNull();
    const mined = await anvil.client.getTransaction({ hash: (await replacement).replacement });
    expect(mined.nonce).toBe(Number(pending.nonce));
    expect(mined.maxFeePerGas).toBeGreaterThan(BigInt(pending.maxFeePerGas));
    expect(mined.maxPriorityFeePerGas).toBeGreaterThan(BigInt(pending.maxPriorityFeePerGas));
  });
});

describe('setChainId', () => {
  it('starts on another network: eth_chainId answers it, nothing is signed for 137 or sent, until the page switches', async () => {
    const wallet = createTestWalletBridge({ rpcUrl: anvil.rpcUrl, privateKey: testAccounts.user.privateKey });
    const events: [string, unknown][] = [];
    wallet.onEvent((event, payload) => events.push([event, payload]));
    wallet.setChainId(1);
    await wallet.handle('eth_requestAccounts', []);
    expect(await wallet.handle('eth_chainId', [])).toEqual({ result: '0x1' });
    expect(await wallet.handle('net_version', [])).toEqual({ result: '1' });
    expect(await wallet.handle('eth_sendTransaction', [{ to: wallet.address, value: '0x0' }])).toMatchObject({
      error: { code: 4901 },
    });
    const typed = {
      domain: { name: 'Uniswap V2', version: '1', chainId: 137, verifyingContract: wallet.address },
      types: { Permit: [{ name: 'owner', type: 'address' }] },
      primaryType: 'Permit',
      message: { owner: wallet.address },
    };
    const signTyped = () => wallet.handle('eth_signTypedData_v4', [wallet.address, JSON.stringify(typed)]);
    expect(await signTyped()).toMatchObject({ error: { message: expect.stringContaining('must match') } });

    expect(await wallet.handle('wallet_switchEthereumChain', [{ chainId: '0x5' }])).toMatchObject({
      error: { code: 4902 },
    });
    expect(await wallet.handle('wallet_switchEthereumChain', [{ chainId: '0x89' }])).toEqual({
      result: null,
    });
    expect(events).toEqual([
      ['chainChanged', '0x1'],
      ['chainChanged', '0x89'],
    ]);
    expect(await wallet.handle('eth_chainId', [])).toEqual({ result: '0x89' });
    expect(await signTyped()).toEqual({ result: expect.stringMatching(/^0x[0-9a-f]{130}$/) });
    // Already there: no event.
    expect(await wallet.handle('wallet_switchEthereumChain', [{ chainId: '0x89' }])).toEqual({
      result: null,
    });
    expect(events).toHaveLength(2);
  });

  it("delivers chainChanged to the page's listeners through installTestWallet, and accountsChanged still", async () => {
    const wallet = createTestWalletBridge({ rpcUrl: anvil.rpcUrl, privateKey: testAccounts.user.privateKey });
    wallet.setChainId(1);
    // A page stand-in: one JavaScript context, the way Playwright's page runs the init script and evaluate.
    const window = new EventTarget() as EventTarget & Record<string, unknown>;
    const context = createContext({ window, CustomEvent, Error, console, Object });
    const page = {
      exposeFunction: async (name: string, fn: unknown) => {
        window[name] = fn;
      },
      addInitScript: async ({ content }: { content: string }) => runInContext(content, context),
      evaluate: async (expression: string) => runInContext(expression, context),
    };
    const installed = await installTestWallet(page as unknown as Page, wallet);
    const ethereum = window.ethereum as {
      chainId: string | null;
      request(args: { method: string; params?: unknown[] }): Promise<unknown>;
      on(event: string, listener: (payload: unknown) => void): void;
    };
    const seen: [string, unknown][] = [];
    ethereum.on('chainChanged', (payload) => seen.push(['chainChanged', payload]));
    ethereum.on('accountsChanged', (payload) => seen.push(['accountsChanged', payload]));

    expect(await ethereum.request({ method: 'eth_chainId' })).toBe('0x1');
    await ethereum.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] });
    await expect.poll(() => seen).toEqual([['chainChanged', '0x89']]);
    expect(ethereum.chainId).toBe('0x89');
    await installed.emit('accountsChanged', [testAccounts.idle.address]);
    expect(seen.at(-1)).toEqual(['accountsChanged', [testAccounts.idle.address]]);
  });
});

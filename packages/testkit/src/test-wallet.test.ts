import { runInNewContext } from 'node:vm';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from './anvil.ts';
import { createTestWalletBridge, type TestWalletBridge } from './wallet/bridge.ts';
import { testWalletInitScript } from './wallet/init-script.ts';
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

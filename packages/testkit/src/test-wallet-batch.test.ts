import { testErc20 } from '@tidewatch/contracts';
import {
  type Address,
  BaseError,
  createWalletClient,
  custom,
  encodeFunctionData,
  type Hex,
  parseUnits,
  UnsupportedChainIdError,
  UserRejectedRequestError,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, localPolygonChain, startAnvil } from './anvil.ts';
import { createTestWalletBridge, type TestWalletBridge } from './wallet/bridge.ts';
import { testAccounts } from './world/accounts.ts';

let anvil: Anvil;
let token: Address;
const user = testAccounts.user.address;
const idle = testAccounts.idle.address;

beforeAll(async () => {
  anvil = await startAnvil();
  const hash = await anvil.client.deployContract({
    abi: testErc20.abi,
    bytecode: testErc20.bytecode,
    args: ['Batch token', 'BAT', 18],
    account: testAccounts.deployer.address,
  });
  const { contractAddress } = await anvil.client.waitForTransactionReceipt({ hash });
  token = contractAddress as Address;
  await mint(user, parseUnits('1000', 18));
  // The idle account holds some already, so every transfer to it costs about the same gas.
  await mint(idle, 1n);
});
afterAll(async () => {
  await anvil.stop();
});

async function mint(to: Address, amount: bigint) {
  const hash = await anvil.client.writeContract({
    address: token,
    abi: testErc20.abi,
    functionName: 'mint',
    args: [to, amount],
    account: testAccounts.deployer.address,
  });
  await anvil.client.waitForTransactionReceipt({ hash });
}

const balanceOf = (holder: Address) =>
  anvil.client.readContract({
    address: token,
    abi: testErc20.abi,
    functionName: 'balanceOf',
    args: [holder],
  });

/** What a batch could change: both token balances, the user's nonce and the chain's height. */
async function chainState() {
  const [userTokens, idleTokens, nonce, block] = await Promise.all([
    balanceOf(user),
    balanceOf(idle),
    anvil.client.getTransactionCount({ address: user }),
    anvil.client.getBlockNumber(),
  ]);
  return { userTokens, idleTokens, nonce, block };
}

/** A connected wallet of the user's, and a viem wallet client whose every request goes through it. */
async function connectWallet({ isAtomic }: { isAtomic: boolean }) {
  const wallet = createTestWalletBridge({ rpcUrl: anvil.rpcUrl, privateKey: testAccounts.user.privateKey });
  wallet.setAtomicBatchSupport(isAtomic);
  await wallet.handle('eth_requestAccounts', []);
  const client = createWalletClient({
    account: wallet.address,
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
  return { wallet, client };
}

const transfer = (to: Address, amount: bigint) =>
  ({ to: token, abi: testErc20.abi, functionName: 'transfer', args: [to, amount] }) as const;

async function resultOf(wallet: TestWalletBridge, method: string, params: unknown[]) {
  const answer = await wallet.handle(method, params);
  if ('error' in answer) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.result;
}

/** The viem error in the chain `error` was thrown with, if any of that class. */
function causeOf<T>(error: unknown, kind: new (...args: never[]) => T): T | null {
  return error instanceof BaseError ? (error.walk((cause) => cause instanceof kind) as T | null) : null;
}

describe('wallet_getCapabilities', () => {
  it('has no entry for the chain while batching is off (as MetaMask), and atomic: supported once on', async () => {
    const { wallet, client } = await connectWallet({ isAtomic: false });
    expect(await wallet.handle('wallet_getCapabilities', [user, ['0x89']])).toEqual({ result: {} });
    expect(await client.getCapabilities()).toEqual({});

    wallet.setAtomicBatchSupport(true);
    expect(await wallet.handle('wallet_getCapabilities', [user, ['0x89']])).toEqual({
      result: { '0x89': { atomic: { status: 'supported' } } },
    });
    expect(await wallet.handle('wallet_getCapabilities', [user])).toEqual({
      result: { '0x89': { atomic: { status: 'supported' } } },
    });
    expect(await wallet.handle('wallet_getCapabilities', [user, ['0x1']])).toEqual({ result: {} });
    expect(await client.getCapabilities()).toEqual({ 137: { atomic: { status: 'supported' } } });
    expect(await client.getCapabilities({ chainId: 137 })).toEqual({ atomic: { status: 'supported' } });
  });

  it('answers only about an account the page was given', async () => {
    const wallet = createTestWalletBridge({ rpcUrl: anvil.rpcUrl, privateKey: testAccounts.user.privateKey });
    wallet.setAtomicBatchSupport(true);
    expect(await wallet.handle('wallet_getCapabilities', [user])).toMatchObject({ error: { code: 4100 } });
    await wallet.handle('eth_requestAccounts', []);
    expect(await wallet.handle('wallet_getCapabilities', [idle])).toMatchObject({ error: { code: 4100 } });
    expect(await wallet.handle('wallet_getCapabilities', [])).toMatchObject({ error: { code: -32602 } });
  });
});

describe('wallet_sendCalls with atomic batching', () => {
  it('mines approve + transferFrom in one block, the second seeing the first; pending until then', async () => {
    const { wallet, client } = await connectWallet({ isAtomic: true });
    const before = await chainState();
    const amount = parseUnits('7', 18);
    const calls = [
      {
        to: token,
        data: encodeFunctionData({ abi: testErc20.abi, functionName: 'approve', args: [user, amount] }),
      },
      {
        to: token,
        data: encodeFunctionData({
          abi: testErc20.abi,
          functionName: 'transferFrom',
          args: [user, idle, amount],
        }),
      },
    ];
    // The request viem's sendCalls makes, sent raw to see the answer before anything is mined.
    const sent = (await resultOf(wallet, 'wallet_sendCalls', [
      { version: '2.0.0', chainId: '0x89', from: user, atomicRequired: true, calls },
    ])) as { id: string };
    expect(sent).toEqual({ id: expect.stringMatching(/^0x[0-9a-f]{32}$/) });
    expect(await resultOf(wallet, 'wallet_getCallsStatus', [sent.id])).toEqual({
      version: '2.0.0',
      id: sent.id,
      chainId: '0x89',
      atomic: true,
      status: 100,
    });

    const done = await client.waitForCallsStatus({ id: sent.id });
    expect(done).toMatchObject({ status: 'success', statusCode: 200, atomic: true, chainId: 137 });
    const raw = (await resultOf(wallet, 'wallet_getCallsStatus', [sent.id])) as { receipts: unknown[] };
    const receiptShape = {
      logs: [{ address: token, data: expect.stringMatching(/^0x/), topics: expect.any(Array) }],
      status: '0x1',
      blockHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      blockNumber: `0x${(before.block + 1n).toString(16)}`,
      gasUsed: expect.stringMatching(/^0x[0-9a-f]+$/),
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    };
    expect(raw).toEqual({
      version: '2.0.0',
      id: sent.id,
      chainId: '0x89',
      atomic: true,
      status: 200,
      receipts: [receiptShape, receiptShape],
    });
    const [approve, transferFrom] = done.receipts ?? [];
    expect(approve?.blockHash).toBe(transferFrom?.blockHash);
    expect(transferFrom?.status).toBe('success');
    const after = await chainState();
    expect(after).toEqual({
      userTokens: before.userTokens - amount,
      idleTokens: before.idleTokens + amount,
      nonce: before.nonce + 2,
      block: before.block + 1n,
    });
  });

  it("round-trips through viem's sendCalls and waitForCallsStatus: two transfers, one block", async () => {
    const { client } = await connectWallet({ isAtomic: true });
    const before = await chainState();
    const { id } = await client.sendCalls({
      calls: [transfer(idle, 2n), transfer(idle, 3n)],
      forceAtomic: true,
    });
    const status = await client.waitForCallsStatus({ id });
    expect(status.status).toBe('success');
    expect(status.receipts?.map(({ status, blockNumber }) => ({ status, blockNumber }))).toEqual([
      { status: 'success', blockNumber: before.block + 1n },
      { status: 'success', blockNumber: before.block + 1n },
    ]);
    expect(await balanceOf(idle)).toBe(before.idleTokens + 5n);
  });

  it('a batch whose second call reverts leaves the chain as it was and reports failure', async () => {
    const { client } = await connectWallet({ isAtomic: true });
    const before = await chainState();
    const { id } = await client.sendCalls({
      calls: [transfer(idle, 1n), transfer(idle, before.userTokens + 1n)],
    });
    const status = await client.waitForCallsStatus({ id });
    expect(status).toMatchObject({ status: 'failure', statusCode: 500, receipts: [] });
    expect(await chainState()).toEqual(before);
  });

  it('a batch that cannot fit in one block is taken back whole', async () => {
    const { client } = await connectWallet({ isAtomic: true });
    // Each transfer alone fits under this limit; both together do not, so the node mines only the first.
    await anvil.client.setBlockGasLimit({ gasLimit: 120_000n });
    try {
      const before = await chainState();
      const { id } = await client.sendCalls({ calls: [transfer(idle, 1n), transfer(idle, 1n)] });
      expect(await client.waitForCallsStatus({ id })).toMatchObject({ status: 'failure', statusCode: 500 });
      expect(await chainState()).toEqual(before);
      // Nothing of it is left in the pool to be mined with the next transaction.
      expect(await anvil.client.getTransactionCount({ address: user, blockTag: 'pending' })).toBe(
        before.nonce,
      );
    } finally {
      await anvil.client.setBlockGasLimit({ gasLimit: 30_000_000n });
    }
  });

  it('a rejected batch (failNext 4001) sends nothing', async () => {
    const { wallet, client } = await connectWallet({ isAtomic: true });
    const before = await chainState();
    wallet.failNext('wallet_sendCalls', 4001);
    const error = await client.sendCalls({ calls: [transfer(idle, 1n), transfer(idle, 1n)] }).catch((e) => e);
    expect(causeOf(error, UserRejectedRequestError)).not.toBeNull();
    expect(await chainState()).toEqual(before);
  });
});

describe('wallet_sendCalls without atomic batching (the default)', () => {
  it('refuses several calls with 5710, atomic required or not, and still sends a single call', async () => {
    const { client } = await connectWallet({ isAtomic: false });
    const before = await chainState();
    for (const forceAtomic of [true, false]) {
      const error = await client
        .sendCalls({ calls: [transfer(idle, 1n), transfer(idle, 1n)], forceAtomic })
        .catch((e) => e);
      expect(causeOf(error, UnsupportedChainIdError)).not.toBeNull();
    }
    expect(await chainState()).toEqual(before);

    const { id } = await client.sendCalls({ calls: [transfer(idle, 4n)] });
    expect(await client.waitForCallsStatus({ id })).toMatchObject({ status: 'success', receipts: [{}] });
    expect(await balanceOf(idle)).toBe(before.idleTokens + 4n);
  });
});

describe('wallet_sendCalls and wallet_getCallsStatus refuse what MetaMask refuses', () => {
  it.each([
    ['another version', { version: '1.0' }, -32000],
    ['another chain than the page is on', { chainId: '0x1' }, -32602],
    ['a capability not marked optional', { capabilities: { paymasterService: { url: 'x' } } }, 5700],
    ['an account the page was not given', { from: idle }, 4100],
  ] as const)('%s', async (_, change, code) => {
    const { wallet } = await connectWallet({ isAtomic: true });
    const call = { to: token, data: '0x' as Hex };
    const request = { version: '2.0.0', chainId: '0x89', from: user, atomicRequired: false, calls: [call] };
    expect(await wallet.handle('wallet_sendCalls', [{ ...request, ...change }])).toMatchObject({
      error: { code },
    });
  });

  it('answers 5730 for an id it never gave, and 5720 for an id used twice', async () => {
    const { wallet } = await connectWallet({ isAtomic: true });
    expect(await wallet.handle('wallet_getCallsStatus', ['0x1234'])).toMatchObject({ error: { code: 5730 } });
    const request = {
      version: '2.0.0',
      id: '0xabc0',
      chainId: '0x89',
      from: user,
      atomicRequired: false,
      calls: [{ to: idle, value: '0x1' }],
    };
    expect(await wallet.handle('wallet_sendCalls', [request])).toEqual({ result: { id: '0xabc0' } });
    expect(await wallet.handle('wallet_sendCalls', [request])).toMatchObject({ error: { code: 5720 } });
    await expect
      .poll(
        async () =>
          ((await resultOf(wallet, 'wallet_getCallsStatus', ['0xabc0'])) as { status: number }).status,
      )
      .toBe(200);
  });
});

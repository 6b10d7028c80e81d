import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MULTICALL3_CANONICAL_ADDRESS, multicall3 } from '@tidewatch/contracts';
import {
  type Chain,
  createTestClient,
  defineChain,
  type Hash,
  http,
  publicActions,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  walletActions,
} from 'viem';
import { getFreePort } from './ports.ts';

export type StartAnvilOptions = {
  /** Defaults to 137 (Polygon), the chain Tidewatch expects. */
  chainId?: number;
  /** Extra command-line arguments for anvil. */
  args?: string[];
  /** How long to wait for the node to answer eth_chainId. Default 15 s. */
  readyTimeoutMs?: number;
};

/** A local chain definition that viem's multicall understands (Multicall3 at the canonical address). */
export function localPolygonChain(rpcUrl: string, chainId = 137): Chain {
  return defineChain({
    id: chainId,
    name: 'Polygon (local anvil)',
    nativeCurrency: { name: 'MATIC', symbol: 'MATIC', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3_CANONICAL_ADDRESS, blockCreated: 0 } },
  });
}

/** How long a transaction may wait for its receipt before a block is mined for it (waitForTransactionReceipt). */
const nudgeAfterMs = 5_000;

function createAnvilClient(rpcUrl: string, chainId: number) {
  // cacheTime 0: tests mine and read right away; viem would otherwise serve a stale block number.
  return createTestClient({
    mode: 'anvil',
    chain: localPolygonChain(rpcUrl, chainId),
    transport: http(rpcUrl),
    cacheTime: 0,
    pollingInterval: 50,
  })
    .extend(publicActions)
    .extend(walletActions)
    .extend((client) => {
      const isKnownToNode = async (hash: Hash) => {
        try {
          await client.getTransaction({ hash });
          return true;
        } catch (error) {
          if (error instanceof TransactionNotFoundError) return false;
          throw error;
        }
      };
      return {
        /**
         * Asks for the receipt itself until the node has it. viem's own wait asks again only when the block
         * number moves; anvil mines only when sent a transaction, and it can report a transaction's block before
         * the receipt is readable: with nothing else sent, the wait then met no later block and hung until its
         * timeout (seen in CI as a world's deployment stalling for minutes).
         */
        async waitForTransactionReceipt({
          hash,
          pollingInterval = 10,
          timeout = 60_000,
        }: {
          hash: Hash;
          pollingInterval?: number;
          timeout?: number;
        }): Promise<TransactionReceipt> {
          const deadline = Date.now() + timeout;
          let nudgeAt = Date.now() + nudgeAfterMs;
          for (;;) {
            try {
              return await client.getTransactionReceipt({ hash });
            } catch (error) {
              if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
            }
            if (Date.now() > deadline) throw new Error(`no receipt for ${hash} within ${timeout} ms`);
            // A transaction still without a receipt after seconds: mining a block takes in what automine left in
            // the pool. One the node no longer knows was dropped (anvil drops a transaction whose fee cap the base
            // fee passed): say so now rather than wait out the timeout.
            if (Date.now() > nudgeAt) {
              nudgeAt = Date.now() + nudgeAfterMs;
              await client.mine({ blocks: 1 });
              if (!(await isKnownToNode(hash)))
                throw new Error(`${hash} was dropped by the node: no receipt will come`);
            }
            await new Promise((resolve) => setTimeout(resolve, pollingInterval));
          }
        },
      };
    });
}

/** viem test client with public and wallet actions, bound to the local node. */
type AnvilClient = ReturnType<typeof createAnvilClient>;

export type Anvil = {
  rpcUrl: string;
  chainId: number;
  client: AnvilClient;
  /** Moves the chain clock forward and mines a block so views see the new time. */
  increaseTime(seconds: number): Promise<void>;
  mine(blocks?: number): Promise<void>;
  stop(): Promise<void>;
};

const running = new Set<ChildProcess>();
let isCleanupInstalled = false;

/** Kills every node we started when this process goes away, so no anvil outlives a test run. */
function installCleanup(): void {
  if (isCleanupInstalled) return;
  isCleanupInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // Only when nobody else handles the signal: then the default is to die, and we die after cleaning up.
    if (process.listenerCount(signal) > 0) continue;
    process.once(signal, () => {
      for (const child of running) child.kill('SIGKILL');
      process.kill(process.pid, signal);
    });
  }
}

/** Path of the anvil binary shipped in @foundry-rs/anvil's platform package (no wrapper process). */
function resolveAnvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}`;
  // The platform package is an optional dependency of @foundry-rs/anvil: resolve it from there.
  const fromTestkit = createRequire(import.meta.url);
  const wrapperDir = dirname(fromTestkit.resolve('@foundry-rs/anvil/package.json'));
  const fromWrapper = createRequire(join(wrapperDir, 'package.json'));
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  return join(dirname(fromWrapper.resolve(`${platformPackage}/package.json`)), 'bin', binary);
}

async function rpc(rpcUrl: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method} failed: ${body.error.message}`);
  return body.result;
}

type Launch = { child: ChildProcess; rpcUrl: string } | { error: string };

async function launch(chainId: number, extraArgs: string[], readyTimeoutMs: number): Promise<Launch> {
  const port = await getFreePort();
  const args = ['--chain-id', String(chainId), '--host', '127.0.0.1', '--port', String(port), '--silent'];
  const child = spawn(resolveAnvilBinary(), [...args, ...extraArgs], { stdio: ['ignore', 'ignore', 'pipe'] });
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let hasExited = false;
  child.once('exit', () => {
    hasExited = true;
    running.delete(child);
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (hasExited) return { error: stderr.trim() || 'anvil exited during start-up' };
    try {
      const answered = await rpc(rpcUrl, 'eth_chainId');
      if (Number(answered) === chainId) return { child, rpcUrl };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  child.kill('SIGKILL');
  return { error: `anvil did not answer eth_chainId within ${readyTimeoutMs} ms. ${stderr.trim()}` };
}

/**
 * Starts a local anvil node (chain id 137 by default) on a free loopback port, with Multicall3
 * installed at its canonical address. Always `await anvil.stop()` when done.
 * @example
 * const anvil = await startAnvil();
 * const block = await anvil.client.getBlockNumber();
 * await anvil.stop();
 */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<Anvil> {
  installCleanup();
  const chainId = options.chainId ?? 137;
  let lastError = '';
  // Another process may grab the free port between our probe and anvil's bind: retry a few times.
  for (let attempt = 0; attempt < 5; attempt++) {
    const launched = await launch(chainId, options.args ?? [], options.readyTimeoutMs ?? 15_000);
    if ('error' in launched) {
      lastError = launched.error;
      continue;
    }
    const { child, rpcUrl } = launched;
    await rpc(rpcUrl, 'anvil_setCode', [MULTICALL3_CANONICAL_ADDRESS, multicall3.deployedBytecode]);
    const client = createAnvilClient(rpcUrl, chainId);
    return {
      rpcUrl,
      chainId,
      client,
      async increaseTime(seconds) {
        await rpc(rpcUrl, 'evm_increaseTime', [seconds]);
        await rpc(rpcUrl, 'evm_mine');
      },
      async mine(blocks = 1) {
        await rpc(rpcUrl, 'anvil_mine', [`0x${blocks.toString(16)}`]);
      },
      stop: () => stopChild(child),
    };
  }
  throw new Error(`could not start anvil: ${lastError}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}

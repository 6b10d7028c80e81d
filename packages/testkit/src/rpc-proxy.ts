import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { multicall3 } from '@tidewatch/contracts';
import { decodeFunctionResult, encodeErrorResult, encodeFunctionResult, type Hex, toHex } from 'viem';

/** A fault the proxy plays instead of (or on top of) forwarding to the node. */
type RpcFault =
  /** Accept the request and never answer. */
  | { type: 'hang' }
  /** Answer HTTP 429 with a Retry-After header (seconds). */
  | { type: 'http429'; retryAfter: number }
  /** Answer an HTTP 5xx (default 503) with a plain-text body. */
  | { type: 'http5xx'; status?: number }
  /** Forward, but answer eth_chainId with this chain id. */
  | { type: 'wrongChainId'; chainId: number }
  /** Answer 200 with a body that is not JSON. */
  | { type: 'garbageJson' }
  /** Forward, then mark one call inside each Multicall3 aggregate3 answer as reverted ("injected revert"). */
  | { type: 'revertInside'; callIndex?: number }
  /** Answer eth_getLogs spanning more than `maxBlocks` blocks with a JSON-RPC "range too large" error. */
  | { type: 'logsRangeLimit'; maxBlocks: number }
  /** Answer eth_call at a block more than `keepBlocks` behind the head with "missing trie node" (a pruned node). */
  | { type: 'noArchive'; keepBlocks: number };

type InjectOptions = {
  /** How many matching HTTP requests the fault applies to; default: until `reset()` or `clearFaults()`. */
  times?: number;
  /** Apply only to requests carrying one of these JSON-RPC methods (e.g. `['eth_call']`). */
  methods?: string[];
};

export type RpcProxy = {
  url: string;
  /** HTTP requests received (a JSON-RPC batch counts once). */
  readonly requestCount: number;
  /** JSON-RPC methods seen, one per call, batches flattened, in order. */
  readonly calls: readonly string[];
  /** The block tag of each eth_call seen ('latest', or a hex block number), in order. */
  readonly callBlockTags: readonly string[];
  /** Zeroes the counters and removes every fault. */
  reset(): void;
  clearFaults(): void;
  inject(fault: RpcFault, options?: InjectOptions): void;
  stop(): Promise<void>;
};

type JsonRpcCall = { id?: unknown; method?: string; params?: unknown[] };
type JsonRpcAnswer = { id?: unknown; result?: unknown; error?: unknown };
type ActiveFault = { fault: RpcFault; remaining: number; methods?: string[] };

const aggregate3Selector = '0x82ad56cb';

function rewriteAggregate3(data: Hex, callIndex: number): Hex {
  const results = decodeFunctionResult({ abi: multicall3.abi, functionName: 'aggregate3', data });
  const reverted = results.map((r, i) =>
    i === Math.min(callIndex, results.length - 1)
      ? {
          success: false,
          returnData: encodeErrorResult({
            abi: [{ type: 'error', name: 'Error', inputs: [{ type: 'string', name: 'message' }] }],
            errorName: 'Error',
            args: ['injected revert'],
          }),
        }
      : r,
  );
  return encodeFunctionResult({ abi: multicall3.abi, functionName: 'aggregate3', result: reverted });
}

/** The error answer a node with limits gives one call, or undefined to forward it. */
function refuse(
  fault: Extract<RpcFault, { type: 'logsRangeLimit' | 'noArchive' }>,
  call: JsonRpcCall,
  head: bigint,
): JsonRpcAnswer | undefined {
  const error = (code: number, message: string) => ({
    jsonrpc: '2.0',
    id: call.id,
    error: { code, message },
  });
  if (fault.type === 'logsRangeLimit' && call.method === 'eth_getLogs') {
    const filter = (call.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string };
    const from = BigInt(filter.fromBlock ?? '0x0');
    const to = filter.toBlock?.startsWith('0x') ? BigInt(filter.toBlock) : from;
    if (to - from + 1n > BigInt(fault.maxBlocks)) {
      return error(-32005, `block range is too large: at most ${fault.maxBlocks} blocks per eth_getLogs`);
    }
  }
  if (fault.type === 'noArchive' && call.method === 'eth_call') {
    const tag = String(call.params?.[1]);
    if (tag.startsWith('0x') && BigInt(tag) < head - BigInt(fault.keepBlocks)) {
      return error(-32000, `missing trie node 0x${'ab'.repeat(32)} (path ) state is not available`);
    }
  }
  return undefined;
}

/**
 * An HTTP JSON-RPC proxy in front of a local node that counts requests and plays faults, so tests and
 * the benchmark can see round trips and how the chain layer copes with a misbehaving node.
 * @example
 * const proxy = await startRpcProxy({ target: anvil.rpcUrl });
 * proxy.inject({ type: 'http429', retryAfter: 1 }, { times: 1 });
 */
export async function startRpcProxy(options: { target: string }): Promise<RpcProxy> {
  let requestCount = 0;
  const calls: string[] = [];
  const callBlockTags: string[] = [];
  let faults: ActiveFault[] = [];
  const sockets = new Set<Socket>();

  const takeFault = (methods: string[]): RpcFault | undefined => {
    const active = faults.find(
      (f) => f.remaining > 0 && (!f.methods || methods.some((m) => f.methods!.includes(m))),
    );
    if (!active) return undefined;
    active.remaining -= 1;
    return active.fault;
  };

  async function handle(res: ServerResponse, body: string): Promise<void> {
    requestCount += 1;
    let parsed: JsonRpcCall | JsonRpcCall[];
    try {
      parsed = JSON.parse(body) as JsonRpcCall | JsonRpcCall[];
    } catch {
      parsed = [];
    }
    const batch = Array.isArray(parsed) ? parsed : [parsed];
    const methods = batch.map((c) => c.method ?? '?');
    calls.push(...methods);
    for (const call of batch) if (call.method === 'eth_call') callBlockTags.push(String(call.params?.[1]));
    const fault = takeFault(methods);
    if (fault?.type === 'hang') return; // the socket stays open until the client gives up or stop()
    if (fault?.type === 'http429') {
      res
        .writeHead(429, { 'content-type': 'text/plain', 'retry-after': String(fault.retryAfter) })
        .end('Too Many Requests');
      return;
    }
    if (fault?.type === 'http5xx') {
      res.writeHead(fault.status ?? 503, { 'content-type': 'text/plain' }).end('upstream unavailable');
      return;
    }
    if (fault?.type === 'garbageJson') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('<html>502 Bad Gateway</html>{"jsonrpc":');
      return;
    }
    if (fault?.type === 'logsRangeLimit' || fault?.type === 'noArchive') {
      const head = fault.type === 'noArchive' ? await headBlock() : 0n;
      const refusals = new Map(
        batch.flatMap((call) => {
          const refusal = refuse(fault, call, head);
          return refusal ? [[call, refusal] as const] : [];
        }),
      );
      if (refusals.size > 0) {
        const forwarded = batch.filter((call) => !refusals.has(call));
        const answers = forwarded.length > 0 ? await forward(JSON.stringify(forwarded)) : [];
        const byId = new Map((answers as JsonRpcAnswer[]).map((a) => [a.id, a]));
        const merged = batch.map((call) => refusals.get(call) ?? byId.get(call.id));
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(Array.isArray(parsed) ? merged : merged[0]));
        return;
      }
    }
    const upstream = await fetch(options.target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    let text = await upstream.text();
    if (fault?.type === 'wrongChainId' || fault?.type === 'revertInside') {
      const answer = JSON.parse(text) as JsonRpcAnswer | JsonRpcAnswer[];
      const answers = Array.isArray(answer) ? answer : [answer];
      for (const a of answers) {
        const call = batch.find((c) => c.id === a.id);
        if (fault.type === 'wrongChainId' && call?.method === 'eth_chainId') a.result = toHex(fault.chainId);
        const data = (call?.params?.[0] as { data?: string; input?: string } | undefined)?.data;
        if (
          fault.type === 'revertInside' &&
          call?.method === 'eth_call' &&
          data?.startsWith(aggregate3Selector)
        ) {
          if (typeof a.result === 'string')
            a.result = rewriteAggregate3(a.result as Hex, fault.callIndex ?? 0);
        }
      }
      text = JSON.stringify(answer);
    }
    res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
  }

  async function forward(body: string): Promise<unknown> {
    const upstream = await fetch(options.target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return (await upstream.json()) as unknown;
  }

  async function headBlock(): Promise<bigint> {
    const answer = (await forward(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    )) as JsonRpcAnswer;
    return BigInt(answer.result as string);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(res, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`proxy error: ${error instanceof Error ? error.message : String(error)}`);
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get requestCount() {
      return requestCount;
    },
    get calls() {
      return calls;
    },
    get callBlockTags() {
      return callBlockTags;
    },
    reset() {
      requestCount = 0;
      calls.length = 0;
      callBlockTags.length = 0;
      faults = [];
    },
    clearFaults() {
      faults = [];
    },
    inject(fault, injectOptions = {}) {
      faults.push({
        fault,
        remaining: injectOptions.times ?? Number.POSITIVE_INFINITY,
        methods: injectOptions.methods,
      });
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

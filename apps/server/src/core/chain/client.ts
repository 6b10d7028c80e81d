import {
  type Address,
  BaseError,
  type Chain,
  createPublicClient,
  createTransport,
  defineChain,
  type EIP1193RequestFn,
  fallback,
  HttpRequestError,
  http,
  type PublicClient,
  RpcRequestError,
  TimeoutError,
  type Transport,
} from 'viem';
import { ChainUnavailableError, WrongChainError } from './errors.ts';

export type ChainClientOptions = {
  /** One or more JSON-RPC URLs; several become a fallback transport in the given order. */
  rpcUrls: string[];
  chainId: number;
  multicall3Address: Address;
  /** Per HTTP request. */
  timeoutMs?: number;
  /** Retries per endpoint for 429, 5xx, timeouts and network errors. */
  retryCount?: number;
  /** Backoff base when the node gives no Retry-After. */
  retryDelayMs?: number;
  /** A Retry-After longer than this fails at once instead of stalling a refresh. */
  maxRetryAfterMs?: number;
  /** Calldata per aggregate3 eth_call the RPC accepts (MULTICALL_BATCH_BYTES); bigger reads are split. */
  maxCalldataBytes?: number;
};

export type ChainClient = {
  /** viem public client with `chain.contracts.multicall3` set, for plain viem actions. */
  publicClient: PublicClient;
  chainId: number;
  multicall3Address: Address;
  /** Calldata per aggregate3 eth_call; undefined: the default budget. */
  maxCalldataBytes?: number | undefined;
  /**
   * Checks `eth_chainId` against the configured id. Cached once it passed; any transport failure
   * clears the cache, so the first request after a reconnect checks again.
   */
  assertChainId(): Promise<void>;
  /** One raw JSON-RPC call through the retrying transport; calls made in the same tick share one HTTP request. */
  request(method: string, params: unknown[]): Promise<unknown>;
};

const retryableStatuses = new Set([408, 429, 500, 502, 503, 504]);

function findHttpError(error: unknown): HttpRequestError | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const found = error.walk((e) => e instanceof HttpRequestError);
  return found instanceof HttpRequestError ? found : undefined;
}

function retryAfterMs(httpError: HttpRequestError | undefined): number | undefined {
  const header = httpError?.headers?.get('Retry-After');
  if (!header) return undefined;
  const seconds = Number.parseInt(header, 10);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** The node's JSON-RPC error answer inside what viem threw (viem wraps it by code), if it answered. */
export function nodeAnswer(error: unknown): RpcRequestError | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const found = error.walk((e) => e instanceof RpcRequestError);
  return found instanceof RpcRequestError ? found : undefined;
}

/** Turns whatever the transport threw into a ChainUnavailableError saying what went wrong, without the URL. */
export function toChainUnavailable(error: unknown, method: string, timeoutMs: number): ChainUnavailableError {
  // Our own verdict (e.g. a too-long Retry-After) may come back wrapped by viem's transport.
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof ChainUnavailableError) return e;
  }
  const httpError = findHttpError(error);
  const isTimeout = error instanceof BaseError && error.walk((e) => e instanceof TimeoutError) !== null;
  let shortMessage: string;
  if (isTimeout) shortMessage = `The blockchain node did not answer ${method} within ${timeoutMs} ms.`;
  else if (httpError?.status === 429) shortMessage = `The blockchain node rate-limited ${method} (HTTP 429).`;
  else if (httpError?.status)
    shortMessage = `The blockchain node answered ${method} with HTTP ${httpError.status}.`;
  else if (error instanceof BaseError && /JSON|Unexpected token|parse/i.test(error.details ?? error.message))
    shortMessage = `The blockchain node answered ${method} with something that is not JSON-RPC.`;
  else if (error instanceof RpcRequestError)
    shortMessage = `The blockchain node refused ${method}: ${error.shortMessage}`;
  else shortMessage = `The blockchain node could not be reached for ${method}.`;
  const details =
    error instanceof BaseError ? error.details : error instanceof Error ? error.message : undefined;
  return new ChainUnavailableError(shortMessage, { details, cause: error });
}

/** Wraps one endpoint's transport with bounded retries that honour (capped) Retry-After. */
function withBoundedRetry(
  inner: Transport,
  options: { retryCount: number; retryDelayMs: number; maxRetryAfterMs: number; timeoutMs: number },
): Transport {
  return (params) => {
    const base = inner({ ...params, retryCount: 0 });
    const request = (async (args: { method: string; params?: unknown }) => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await base.request(args as never);
        } catch (error) {
          const httpError = findHttpError(error);
          const isTimeout =
            error instanceof BaseError && error.walk((e) => e instanceof TimeoutError) !== null;
          const status = httpError?.status;
          const isRetryable = isTimeout || (status !== undefined && retryableStatuses.has(status));
          if (!isRetryable || attempt >= options.retryCount) throw error;
          const asked = retryAfterMs(httpError);
          if (asked !== undefined && asked > options.maxRetryAfterMs) {
            throw new ChainUnavailableError(
              `The blockchain node rate-limited ${args.method} and asked to wait ${Math.ceil(asked / 1000)} s, longer than the ${options.maxRetryAfterMs / 1000} s we wait.`,
              { cause: error },
            );
          }
          await new Promise((r) => setTimeout(r, asked ?? options.retryDelayMs * 2 ** attempt));
        }
      }
    }) as EIP1193RequestFn;
    return createTransport(
      { key: base.config.key, name: base.config.name, type: base.config.type, request, retryCount: 0 },
      base.value,
    );
  };
}

/** The configured chain as a viem chain, so viem's own multicall finds our Multicall3. */
function defineConfiguredChain(
  options: Pick<ChainClientOptions, 'chainId' | 'multicall3Address' | 'rpcUrls'>,
): Chain {
  return defineChain({
    id: options.chainId,
    name: options.chainId === 137 ? 'Polygon' : `Chain ${options.chainId}`,
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    rpcUrls: { default: { http: options.rpcUrls } },
    contracts: { multicall3: { address: options.multicall3Address } },
  });
}

/**
 * Builds the chain client the readers use.
 * @example
 * const chain = createChainClient({ rpcUrls: config.POLYGON_RPC_URL, chainId: config.CHAIN_ID, multicall3Address: config.MULTICALL3_ADDRESS });
 * await chain.assertChainId();
 */
export function createChainClient(options: ChainClientOptions): ChainClient {
  if (options.rpcUrls.length === 0) throw new Error('createChainClient needs at least one RPC URL');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retry = {
    retryCount: options.retryCount ?? 2,
    retryDelayMs: options.retryDelayMs ?? 250,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 10_000,
    timeoutMs,
  };
  const transports = options.rpcUrls.map((url) =>
    withBoundedRetry(
      http(url, { timeout: timeoutMs, retryCount: 0, batch: { batchSize: 1_000, wait: 0 } }),
      retry,
    ),
  );
  const [only] = transports;
  const transport = transports.length === 1 && only ? only : fallback(transports, { retryCount: 0 });
  const chain = defineConfiguredChain(options);
  const publicClient = createPublicClient({ chain, transport, batch: { multicall: { batchSize: 200_000 } } });
  // Logs go in requests of their own (issue 43, finding 3): a node slow or failing on eth_getLogs (the heavy
  // call) must not take the contract reads of the same moment down with it, as one JSON-RPC batch would.
  const logsTransports = options.rpcUrls.map((url) =>
    withBoundedRetry(http(url, { timeout: timeoutMs, retryCount: 0 }), retry),
  );
  const [onlyLogs] = logsTransports;
  const logsClient = createPublicClient({
    chain,
    transport:
      logsTransports.length === 1 && onlyLogs ? onlyLogs : fallback(logsTransports, { retryCount: 0 }),
  });

  let isChainVerified = false;
  let pendingCheck: Promise<void> | undefined;

  async function rawRequest(method: string, params: unknown[]): Promise<unknown> {
    try {
      const client = method === 'eth_getLogs' ? logsClient : publicClient;
      return await client.request({ method, params } as never);
    } catch (error) {
      // A revert, an out-of-gas or an invalid opcode is the node answering (viem may wrap that answer as an
      // internal error): never 'could not be reached'. Anything else may come back as another node: check
      // the chain again.
      const answer = nodeAnswer(error);
      if (answer && method === 'eth_call') throw answer;
      // A JSON-RPC error answer to eth_getLogs (a range too large, say) is for the caller to read.
      if (method === 'eth_getLogs' && nodeAnswer(error)) throw error;
      isChainVerified = false;
      throw toChainUnavailable(error, method, timeoutMs);
    }
  }

  function assertChainId(): Promise<void> {
    if (isChainVerified) return Promise.resolve();
    // Concurrent callers share one eth_chainId request.
    pendingCheck ??= checkChainId().finally(() => {
      pendingCheck = undefined;
    });
    return pendingCheck;
  }

  async function checkChainId(): Promise<void> {
    const answer = await rawRequest('eth_chainId', []);
    const actual = typeof answer === 'string' ? Number.parseInt(answer, 16) : Number.NaN;
    if (Number.isNaN(actual)) {
      throw new ChainUnavailableError(
        'The blockchain node answered eth_chainId with something that is not a chain id.',
      );
    }
    if (actual !== options.chainId) throw new WrongChainError({ expected: options.chainId, actual });
    isChainVerified = true;
  }

  return {
    publicClient: publicClient as PublicClient,
    chainId: options.chainId,
    multicall3Address: options.multicall3Address,
    maxCalldataBytes: options.maxCalldataBytes,
    assertChainId,
    async request(method, params) {
      await assertChainId();
      return rawRequest(method, params);
    },
  };
}

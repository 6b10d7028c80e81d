import { Resolver } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Resolves a host name to every address it has; replaceable in tests. `signal` ends the wait (the lookup
 * itself too, where it can be cancelled).
 */
export type ResolveHost = (
  host: string,
  signal?: AbortSignal,
) => Promise<{ address: string; family: number }[]>;

/** Error codes that mean "no address of this family", not "no answer": the other family may have one. */
const noSuchRecord = new Set(['ENODATA', 'ENOTFOUND']);

/**
 * The check's name lookup: DNS through c-ares (node:dns Resolver, A and AAAA), not the system's getaddrinfo.
 * getaddrinfo cannot be cancelled: a name server that never answers keeps one of libuv's four pool threads
 * (shared with fs, crypto and zlib) busy however soon the send gives up, and a few such names would stall
 * the process. c-ares runs on the event loop, gives up after `timeoutMs` per try (two tries), and is
 * cancelled at once when `signal` aborts.
 *
 * The one rule where this differs from getaddrinfo: the hosts file is not read. That is safe because the
 * request goes to the address checked here (pinned), so a hosts entry cannot steer it elsewhere; and the names
 * that matter locally, `localhost` and `*.localhost`, are answered as loopback without asking anyone (RFC
 * 6761 reserves them for it), so they stay refused unless the test setting allows loopback. `servers`: test
 * name servers ('127.0.0.1:5353'); else the system's (resolv.conf).
 */
export function resolveWithCares(options: { timeoutMs?: number; servers?: string[] } = {}): ResolveHost {
  return async (host, signal) => {
    const name = host.toLowerCase().replace(/\.$/, '');
    if (name === 'localhost' || name.endsWith('.localhost')) {
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ];
    }
    signal?.throwIfAborted();
    const resolver = new Resolver({ timeout: options.timeoutMs ?? 2_000, tries: 2 });
    if (options.servers) resolver.setServers(options.servers);
    const cancel = () => resolver.cancel();
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      const family = async (query: Promise<string[]>, number: 4 | 6) => {
        try {
          return (await query).map((address) => ({ address, family: number }));
        } catch (error) {
          if (noSuchRecord.has((error as NodeJS.ErrnoException).code ?? '')) return [];
          throw error;
        }
      };
      // Both families, or neither: an address the check did not see could be where the request goes.
      const [v4, v6] = await Promise.all([
        family(resolver.resolve4(name), 4),
        family(resolver.resolve6(name), 6),
      ]);
      return [...v4, ...v6];
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
  };
}

const resolveByDefault = resolveWithCares();

/** A URL that may be called, and the one address it is called at (so a second DNS answer cannot swap it). */
export type PinnedUrl = { url: URL; address: string; family: 4 | 6 };

export type GuardOptions = {
  /** Test suites only: http and loopback addresses allowed. */
  allowLoopback: boolean;
  resolve?: ResolveHost;
  /**
   * Ends the wait for the name's addresses (the delivery timeout): a name server that never answers must not
   * hold a send, or the worker, beyond it.
   */
  signal?: AbortSignal;
};

/** Why a URL is refused; `isTemporary` when its name did not resolve now (it may later: worth a retry). */
type Refusal = { ok: false; reason: string; isTemporary?: boolean };

/** `promise`, or a rejection as soon as `signal` aborts (the promise itself runs on, its answer ignored). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Whether an address is a public unicast one. ipaddr.js names every special range; only 'unicast' is
 * public: loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 with the
 * metadata address 169.254.169.254, fe80::/10), 0.0.0.0/8, CGNAT 100.64/10, multicast, reserved and the
 * IPv6 forms that embed an IPv4 address (mapped, 6to4, Teredo) are all something else. IPv4-mapped IPv6
 * is judged as the IPv4 address it carries.
 */
function rangeOf(address: string): string {
  return ipaddr.process(address).range();
}

/** Why an address is refused, or null when it is public (or loopback while the test setting allows it). */
function refusalOf(address: string, allowLoopback: boolean): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const range = rangeOf(address);
  if (range === 'unicast') return null;
  if (range === 'loopback' && allowLoopback) return null;
  return `it resolves to ${address}, a ${range} address, not a public one`;
}

/**
 * Checks a receiver's URL before it is stored and again before every send: https (http too while the test
 * setting allows loopback), no credentials in it, and every address its host resolves to public, resolved
 * within `signal`. Answers the URL pinned to the first address, or why it is refused (a sentence for the user).
 */
export async function checkReceiverUrl(
  raw: string,
  options: GuardOptions,
): Promise<{ ok: true; pinned: PinnedUrl } | Refusal> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'must be a URL' };
  }
  const isHttps = url.protocol === 'https:';
  if (!isHttps && !(options.allowLoopback && url.protocol === 'http:')) {
    return { ok: false, reason: 'must be an https:// URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'must not carry a user name or password' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      const resolve = options.resolve ?? resolveByDefault;
      addresses = await untilAborted(resolve(host, options.signal), options.signal);
    } catch (error) {
      const isTimeout = options.signal?.aborted || (error as NodeJS.ErrnoException).code === 'ETIMEOUT';
      const reason = isTimeout
        ? `its host ${host} did not resolve in time`
        : `its host ${host} does not resolve`;
      return { ok: false, reason, isTemporary: true };
    }
  }
  if (addresses.length === 0) {
    return { ok: false, reason: `its host ${host} does not resolve`, isTemporary: true };
  }
  // Every answer must be public: a name with one public and one private address could be either.
  for (const { address } of addresses) {
    const refusal = refusalOf(address, options.allowLoopback);
    if (refusal) return { ok: false, reason: refusal };
  }
  const first = addresses[0]!;
  return { ok: true, pinned: { url, address: first.address, family: first.family === 6 ? 6 : 4 } };
}

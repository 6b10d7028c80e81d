import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Resolves a host name to every address it has (node:dns lookup, all: true); replaceable in tests. */
export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;

const resolveWithDns: ResolveHost = (host) => dnsLookup(host, { all: true, verbatim: true });

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
      addresses = await untilAborted((options.resolve ?? resolveWithDns)(host), options.signal);
    } catch {
      const reason = options.signal?.aborted
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

import { AppError } from '@tidewatch/shared';

/**
 * Chain errors in the viem style: a short message for people, details for logs, the viem error as `cause`.
 * They extend AppError with code CHAIN_UNAVAILABLE, so the HTTP error handler maps them without help.
 * Messages never carry the RPC URL nor the upstream body: the URL may hold an API key.
 */
type ChainErrorKind = 'ChainUnavailableError' | 'WrongChainError' | 'ReadFailedError';

/**
 * Cuts every URL in `text` down to its origin (`https://host/…`): RPC URLs often carry an API key in
 * their path or query (and sometimes credentials before the host), and viem puts the URL in its errors.
 * @example redactUrls('URL: https://polygon-mainnet.g.alchemy.com/v2/KEY') // 'URL: https://polygon-mainnet.g.alchemy.com/…'
 */
export function redactUrls(text: string): string {
  return text.replace(
    /\b([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/?#@"'<>]*@)?([^\s/?#"'<>]+)([^\s"'<>]*)/gi,
    (_match, scheme: string, host: string, rest: string) => `${scheme}${host}${rest ? '/…' : ''}`,
  );
}

abstract class ChainError extends AppError {
  abstract readonly kind: ChainErrorKind;
  readonly shortMessage: string;
  /** The upstream detail (raw body, viem text) for logs only, URLs cut to their origin; never sent to clients. */
  readonly logDetail: string | undefined;

  constructor(shortMessage: string, options: { details?: string; cause?: unknown } = {}) {
    // The message is what clients see (the error handler sends AppError messages as they are), so it
    // stays the short, clean one; the raw upstream text lives in `logDetail`.
    super('CHAIN_UNAVAILABLE', shortMessage, { cause: options.cause });
    this.shortMessage = shortMessage;
    this.logDetail = options.details ? redactUrls(options.details) : undefined;
  }
}

/** Fires when no configured RPC endpoint answered usably: timeout, HTTP error, rate limit, garbage body. */
export class ChainUnavailableError extends ChainError {
  readonly kind = 'ChainUnavailableError';
}

/** Fires when `eth_chainId` differs from the configured CHAIN_ID (at start and after a reconnect). */
export class WrongChainError extends ChainError {
  readonly kind = 'WrongChainError';
  readonly expectedChainId: number;
  readonly actualChainId: number;

  constructor(args: { expected: number; actual: number }) {
    super(
      `The RPC endpoint serves chain ${args.actual}, but CHAIN_ID is ${args.expected}; refusing to read from the wrong chain.`,
    );
    this.expectedChainId = args.expected;
    this.actualChainId = args.actual;
  }
}

export type FailedRead = {
  /** What was read, e.g. `farm 0xAbc…: rewardRate()`. */
  label: string;
  reason: string;
};

/** Fires when a required read reverted, returned nothing or could not be decoded; names every failed read. */
export class ReadFailedError extends ChainError {
  readonly kind = 'ReadFailedError';
  readonly failures: FailedRead[];

  constructor(failures: FailedRead[], options: { blockNumber?: bigint } = {}) {
    const first = failures[0];
    const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
    const at = options.blockNumber === undefined ? '' : ` at block ${options.blockNumber}`;
    super(
      `Read failed${at}: ${first?.label ?? 'unknown read'}: ${first?.reason ?? 'unknown reason'}${more}`,
      {
        details: failures.map((f) => `${f.label}: ${f.reason}`).join('\n'),
      },
    );
    this.failures = failures;
  }
}

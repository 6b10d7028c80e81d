/** One limit: at most `limit` counted events per key within a sliding window of `windowMs`. */
export type ThrottleLimit = { limit: number; windowMs: number };

const minute = 60 * 1000;
const hour = 60 * minute;

/**
 * Every throttle the API applies. The name is also the `scope` stored with each counted event.
 * Login counts failures only; the others count every request (each sends an e-mail or creates rows).
 */
export const defaultThrottleLimits = {
  /**
   * Failed logins per (e-mail address, client): `limit` free, then growing delays (features/accounts). Per
   * pair, so nobody locks an address for everyone; a reset clears the address's counters.
   */
  loginPerAccountClient: { limit: 5, windowMs: hour },
  /** Failed logins per client IP (password spraying across accounts). */
  loginPerIp: { limit: 20, windowMs: 15 * minute },
  /** Failed current-password checks per user (change password, delete the account), like logins. */
  passwordCheckPerUser: { limit: 5, windowMs: 15 * minute },
  /** Sign-ups per address: each one e-mails that address, so this stops mail-bombing it. */
  signUpPerEmail: { limit: 5, windowMs: hour },
  signUpPerIp: { limit: 20, windowMs: hour },
  /** Password reset requests per address (each e-mails it) and per IP, like sign-ups. */
  passwordResetPerEmail: { limit: 5, windowMs: hour },
  passwordResetPerIp: { limit: 20, windowMs: hour },
  waitlistPerIp: { limit: 20, windowMs: hour },
  contactPerIp: { limit: 20, windowMs: hour },
  /** Wallet sign-up messages per IP: each one stores a nonce row. */
  walletSignUpMessagePerIp: { limit: 30, windowMs: 10 * minute },
  /** Token snapshots per user: each one prices every tracked token (chain reads, CoinMarketCap credits). */
  tokenSnapshotsPerUser: { limit: 10, windowMs: 10 * minute },
  /**
   * Public reads of one V3 position by id per client IP: anyone may ask, and each one reads the chain (the
   * pool, the position, its farming and owner's static calls).
   */
  v3PositionReadsPerIp: { limit: 120, windowMs: 10 * minute },
  /** Farm refreshes (LP and dual) per user: each one reads the chain and writes snapshot rows. */
  farmRefreshesPerUser: { limit: 60, windowMs: 10 * minute },
  /**
   * Recovery plans read per user: each reads the chain, and the page reads the plan again after every step the
   * person runs (issue 43, finding 5), so a plan of 100 steps, two reads a step, runs through without a wait.
   */
  recoveryPlanReadsPerUser: { limit: 300, windowMs: 10 * minute },
  /**
   * Sends recorded per user: each is a transaction the person's wallet sent and the chain mined (its receipt is
   * read once, then the stored row answers), one per step of a plan or an action.
   */
  recordedSendsPerUser: { limit: 300, windowMs: 10 * minute },
} as const satisfies Record<string, ThrottleLimit>;

export type ThrottleName = keyof typeof defaultThrottleLimits;
export type ThrottleLimits = Record<ThrottleName, ThrottleLimit>;

/** The defaults with some limits replaced (tests and deployments tune them through buildApp deps). */
export function resolveThrottleLimits(overrides: Partial<ThrottleLimits> = {}): ThrottleLimits {
  return { ...defaultThrottleLimits, ...overrides };
}

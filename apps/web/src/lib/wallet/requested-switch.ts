/**
 * A network change the app itself asked the wallet for (an action on Base switches the wallet to Base, issue 47),
 * so that change does not reload the page as one the person made in the wallet does (spec: everything on screen was
 * read on the old network). Kept for one change, for a minute at most.
 */
let requested: { chainId: number; at: number } | null = null;
const keptForMs = 60_000;

/** Call just before asking the wallet to switch to `chainId`. */
export function expectRequestedSwitch(chainId: number): void {
  requested = { chainId, at: Date.now() };
}

/** True, once, when the wallet's new chain is the one the app asked for. */
export function isRequestedSwitch(chainId: number | string): boolean {
  const to = typeof chainId === 'number' ? chainId : Number(chainId);
  const match = requested !== null && requested.chainId === to && Date.now() - requested.at < keptForMs;
  if (match) requested = null;
  return match;
}

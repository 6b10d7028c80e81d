/**
 * How often an open page reads again a state the server changes on its own (issue 43, finding 4): a channel's
 * status (a delivery sent, a 429's hold, a refusal), the books (history read into the ledger) and a farm's
 * history while it is being built ("building history: 34 of 90 days"). TanStack
 * Query stops polling while the tab is hidden. Tests shorten these.
 */
export const statusPolling = {
  alertChannelsMs: 5_000,
  booksMs: 15_000,
  historyMs: 5_000,
};

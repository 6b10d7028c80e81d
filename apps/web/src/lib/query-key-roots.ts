/**
 * The roots of the query keys one feature refreshes for another after a change of its own (a step recorded,
 * a wallet removed, farms tracked from discovery), so that it need not import that feature: no two features
 * import each other (issue 44). The owning feature's keys.ts builds its keys on the same root.
 */
export const queryKeyRoots = {
  farms: ['farms'],
  /** The dashboard's tracked summary (its V3 section too) and its portfolio totals (every kind of position). */
  trackedSummary: ['farms', 'tracked-summary'],
  portfolio: ['farms', 'portfolio'],
  farmIndex: ['farm-index'],
  leftInEndedFarms: ['farm-index', 'left-in-ended-farms'],
  recovery: ['recovery'],
} as const;

import type { GuideState } from './wallets.ts';

/**
 * The connect-wallet guide's states, events and edges (the table in wallets.ts), apart from its schemas so a
 * screen can start the guide without loading zod (decision 016).
 */
export const GUIDE_STATES = {
  NOT_STARTED: 'NOT_STARTED',
  CONFIRMED_SIGNATURE: 'CONFIRMED_SIGNATURE',
  SAVED_ADDRESS: 'SAVED_ADDRESS',
  ERROR: 'ERROR',
} as const;
export type GuideStateName = (typeof GUIDE_STATES)[keyof typeof GUIDE_STATES];

export const GUIDE_EVENTS = {
  GET_MESSAGE: 'GET_MESSAGE',
  CONFIRM_SIGNATURE: 'CONFIRM_SIGNATURE',
  SAVE_ADDRESS: 'SAVE_ADDRESS',
} as const;
export type GuideEvent = (typeof GUIDE_EVENTS)[keyof typeof GUIDE_EVENTS];

/** The allowed edges, shared so the client can tell which buttons make sense. */
export const guideTransitions = {
  NOT_STARTED: {
    GET_MESSAGE: { next: 'NOT_STARTED', events: ['CONFIRM_SIGNATURE'] },
    CONFIRM_SIGNATURE: { next: 'CONFIRMED_SIGNATURE', events: ['SAVE_ADDRESS'] },
  },
  CONFIRMED_SIGNATURE: { SAVE_ADDRESS: { next: 'SAVED_ADDRESS', events: [] } },
  SAVED_ADDRESS: {},
  ERROR: { GET_MESSAGE: { next: 'NOT_STARTED', events: ['CONFIRM_SIGNATURE'] } },
} as const satisfies Record<
  GuideStateName,
  Partial<Record<GuideEvent, { next: GuideStateName; events: readonly GuideEvent[] }>>
>;

/** Where the client starts (and restarts after 'add another'). */
export const initialGuideState: GuideState = {
  name: 'NOT_STARTED',
  previous: null,
  events: ['GET_MESSAGE'],
  data: {},
};

import { type GuideEvent, type GuideStateName, guideTransitions } from '@tidewatch/shared';

/** The guide is MetaMask's (its route says so), and wallet sign-up starts from the MetaMask control. */
export const metaMaskWalletName = 'MetaMask';

export type GuideStep = { next: GuideStateName; events: GuideEvent[] };

/**
 * The connect-wallet guide's transition function: where `event` leads from `name`, or undefined
 * when the event is not allowed there. Pure; the effects (messages, signatures, saving) live in
 * the service. The table itself is shared (`guideTransitions`) so the client reads the same edges.
 * @example nextGuideStep('NOT_STARTED', 'CONFIRM_SIGNATURE') // { next: 'CONFIRMED_SIGNATURE', events: ['SAVE_ADDRESS'] }
 */
export function nextGuideStep(name: GuideStateName, event: GuideEvent): GuideStep | undefined {
  const edges: Partial<Record<GuideEvent, { next: GuideStateName; events: readonly GuideEvent[] }>> =
    guideTransitions[name];
  const edge = edges[event];
  return edge && { next: edge.next, events: [...edge.events] };
}

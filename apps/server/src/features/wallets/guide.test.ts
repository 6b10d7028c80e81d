import { GUIDE_EVENTS, GUIDE_STATES, type GuideEvent, type GuideStateName } from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import { nextGuideStep } from './guide.ts';

// Every edge the guide allows; any (state, event) pair not listed must be refused.
const allowed: Array<[GuideStateName, GuideEvent, GuideStateName, GuideEvent[]]> = [
  ['NOT_STARTED', 'GET_MESSAGE', 'NOT_STARTED', ['CONFIRM_SIGNATURE']],
  ['NOT_STARTED', 'CONFIRM_SIGNATURE', 'CONFIRMED_SIGNATURE', ['SAVE_ADDRESS']],
  ['CONFIRMED_SIGNATURE', 'SAVE_ADDRESS', 'SAVED_ADDRESS', []],
  ['ERROR', 'GET_MESSAGE', 'NOT_STARTED', ['CONFIRM_SIGNATURE']],
];

describe('nextGuideStep', () => {
  it.each(allowed)('%s + %s -> %s offering %j', (name, event, next, events) => {
    expect(nextGuideStep(name, event)).toEqual({ next, events });
  });

  const refused = Object.values(GUIDE_STATES).flatMap((name) =>
    Object.values(GUIDE_EVENTS)
      .filter((event) => !allowed.some(([n, e]) => n === name && e === event))
      .map((event) => [name, event] as const),
  );
  it.each(refused)('%s + %s is refused', (name, event) => {
    expect(nextGuideStep(name, event)).toBeUndefined();
  });

  it('offers first the event that the next step expects', () => {
    let name: GuideStateName = 'NOT_STARTED';
    const walked: GuideStateName[] = [];
    for (const event of ['GET_MESSAGE', 'CONFIRM_SIGNATURE'] as const) {
      const step = nextGuideStep(name, event);
      if (!step) throw new Error(`${name} refused ${event}`);
      name = step.next;
      walked.push(name);
      if (step.events[0]) expect(nextGuideStep(name, step.events[0])).toBeDefined();
    }
    expect(walked).toEqual(['NOT_STARTED', 'CONFIRMED_SIGNATURE']);
  });
});

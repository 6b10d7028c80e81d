import {
  farmKindList,
  type WizardEvent,
  type WizardVariant,
  wizardEvents,
  wizardStatesByKind,
} from '@tidewatch/shared';
import { describe, expect, it } from 'vitest';
import { allowedEvents, nextState, type TransitionContext, validateChoices } from './state-machine.ts';

type Edge = [from: string, event: WizardEvent, context: TransitionContext, to: string];

const farm = (variant: WizardVariant, isImported = false): TransitionContext => ({
  parse: { kind: 'farm', variant, address: '0xFarm', isImported },
});
const none: TransitionContext = {};
const unresolved: TransitionContext = { unresolvedTokens: ['0xMyst'] };

const lpRewardSteps: Edge[] = [
  ['FETCHING_STAKING_TOKEN', 'GET_NEXT_STEP', none, 'FETCHING_REWARDS_TOKEN'],
  ['FETCHING_REWARDS_TOKEN', 'GET_NEXT_STEP', none, 'FETCHING_REWARDS_TOKEN_DATA'],
  ['FETCHING_REWARDS_TOKEN_DATA', 'GET_NEXT_STEP', none, 'FETCHING_REWARD_RATE'],
  ['FETCHING_REWARD_RATE', 'GET_NEXT_STEP', none, 'FETCHING_REWARD_END_DATE'],
  ['FETCHING_REWARD_END_DATE', 'GET_NEXT_STEP', none, 'FETCHING_POOL_ABI'],
];
const dualRewardSteps: Edge[] = [
  ['FETCHING_STAKING_TOKEN', 'GET_NEXT_STEP', none, 'FETCHING_REWARDS_TOKENS'],
  ['FETCHING_REWARDS_TOKENS', 'GET_NEXT_STEP', none, 'FETCHING_REWARDS_TOKEN_DATA'],
  ['FETCHING_REWARDS_TOKEN_DATA', 'GET_NEXT_STEP', none, 'FETCHING_REWARD_RATES'],
  ['FETCHING_REWARD_RATES', 'GET_NEXT_STEP', none, 'FETCHING_REWARDS_END_DATE'],
  ['FETCHING_REWARDS_END_DATE', 'GET_NEXT_STEP', none, 'FETCHING_POOL_ABI'],
];

function edgesOf(variant: WizardVariant): Edge[] {
  const isDual = variant === 'dual';
  return [
    ['NOT_STARTED', 'PARSE_URL', farm(variant), 'STARTED'],
    ['STARTED', 'GET_NEXT_STEP', none, 'FETCHING_FARM_ABI'],
    ['FETCHING_FARM_ABI', 'GET_NEXT_STEP', none, 'FETCHING_STAKING_TOKEN'],
    ...(isDual ? dualRewardSteps : lpRewardSteps),
    ['FETCHING_POOL_ABI', 'GET_NEXT_STEP', none, 'FETCHING_POOL_RESERVES'],
    ['FETCHING_POOL_RESERVES', 'GET_NEXT_STEP', none, 'FETCHING_TOKEN0'],
    ['FETCHING_TOKEN0', 'GET_NEXT_STEP', none, 'FETCHING_TOKEN1'],
    ['FETCHING_TOKEN1', 'GET_NEXT_STEP', none, 'SYNCING_TOKEN0'],
    ['SYNCING_TOKEN0', 'GET_NEXT_STEP', none, 'SYNCING_TOKEN1'],
    ['SYNCING_TOKEN1', 'GET_NEXT_STEP', none, 'FETCHING_TOKEN_COINMARKETCAP_DATA'],
    ['FETCHING_TOKEN_COINMARKETCAP_DATA', 'GET_NEXT_STEP', none, 'CONFIRMING_TOKEN_COINMARKETCAP_DATA'],
    ['FETCHING_TOKEN_COINMARKETCAP_DATA', 'GET_NEXT_STEP', unresolved, 'got unresolvable token'],
    ['got unresolvable token', 'CHECK_TOKEN_STATUS', { isCurrentTokenNamed: true }, 'got status'],
    ['got status', 'GET_NEXT_STEP', none, 'CONFIRMING_TOKEN_COINMARKETCAP_DATA'],
    ['got status', 'GET_NEXT_STEP', unresolved, 'got unresolvable token'],
    [
      'CONFIRMING_TOKEN_COINMARKETCAP_DATA',
      'CONFIRM_TOKEN_COINMARKETCAP_DATA',
      none,
      'CREATING_TOKEN_SNAPSHOTS',
    ],
    ['CREATING_TOKEN_SNAPSHOTS', 'GET_NEXT_STEP', none, 'CREATING_POOL_SNAPSHOT'],
    ['CREATING_POOL_SNAPSHOT', 'GET_NEXT_STEP', none, 'CREATING_FARM_SNAPSHOT'],
    ...((isDual
      ? [
          ['CREATING_FARM_SNAPSHOT', 'GET_NEXT_STEP', none, 'CREATING_REWARD_SNAPSHOTS'],
          ['CREATING_REWARD_SNAPSHOTS', 'GET_NEXT_STEP', none, 'CREATING_POSITION_SNAPSHOTS'],
        ]
      : [['CREATING_FARM_SNAPSHOT', 'GET_NEXT_STEP', none, 'CREATING_POSITION_SNAPSHOTS']]) as Edge[]),
    ['CREATING_POSITION_SNAPSHOTS', 'GET_NEXT_STEP', none, 'completed'],
  ];
}

describe.each(farmKindList)('the %s import wizard', (variant) => {
  const other = variant === 'lp' ? 'dual' : 'lp';
  const states = wizardStatesByKind[variant];

  it.each(edgesOf(variant))('%s --%s--> (%j) %s', (from, event, context, to) => {
    expect(nextState(variant, from, event, context)).toEqual({ isOk: true, state: to });
  });

  it('reaches every state of the variant through the edges above', () => {
    const reached = new Set(edgesOf(variant).flatMap(([from, , , to]) => [from, to]));
    expect([...reached].sort()).toEqual([...states].sort());
  });

  it.each(states.flatMap((state) => wizardEvents.map((event) => [state, event] as const)))(
    'in %s, %s is refused unless it is the allowed event',
    (state, event) => {
      const result = nextState(variant, state, event, {
        ...farm(variant),
        isCurrentTokenNamed: true,
      });
      if (allowedEvents(variant, state).includes(event)) expect(result.isOk).toBe(true);
      else {
        expect(result).toMatchObject({ isOk: false, code: 'CONFLICT' });
        expect(result.isOk || result.message).toMatch(
          `the event ${event} is not allowed in the step ${state}`,
        );
      }
    },
  );

  it('offers exactly one next event per state and none once completed', () => {
    for (const state of states) {
      expect(allowedEvents(variant, state)).toHaveLength(state === 'completed' ? 0 : 1);
    }
  });

  it("refuses a state of the other variant's reward steps", () => {
    const foreign = variant === 'lp' ? 'FETCHING_REWARD_RATES' : 'FETCHING_REWARD_RATE';
    expect(nextState(variant, foreign, 'GET_NEXT_STEP')).toMatchObject({ isOk: false, code: 'CONFLICT' });
    expect(allowedEvents(variant, foreign)).toEqual([]);
  });

  it('PARSE_URL without an address stays with the message', () => {
    expect(nextState(variant, 'NOT_STARTED', 'PARSE_URL', { parse: { kind: 'no-address' } })).toEqual({
      isOk: false,
      code: 'VALIDATION_FAILED',
      message: 'no address found in what you pasted',
    });
  });

  it("PARSE_URL of something that is not a farm gives the classifier's message", () => {
    const parse = {
      kind: 'not-a-farm',
      message: 'that address is an ERC-20 token (QUICK), not a farm',
    } as const;
    expect(nextState(variant, 'NOT_STARTED', 'PARSE_URL', { parse })).toMatchObject({
      isOk: false,
      code: 'VALIDATION_FAILED',
      message: parse.message,
    });
  });

  it('PARSE_URL of a farm of the other kind suggests the other wizard', () => {
    const label = other === 'dual' ? 'dual-mining' : 'liquidity-mining';
    expect(nextState(variant, 'NOT_STARTED', 'PARSE_URL', farm(other))).toEqual({
      isOk: false,
      code: 'VALIDATION_FAILED',
      message: `this is a ${label} farm: use the ${label} import`,
      data: { suggested_variant: other, farm_address: '0xFarm' },
    });
  });

  it('PARSE_URL of a farm already imported says so with its address', () => {
    expect(nextState(variant, 'NOT_STARTED', 'PARSE_URL', farm(variant, true))).toEqual({
      isOk: false,
      code: 'CONFLICT',
      message: 'this farm is already imported',
      data: { farm_address: '0xFarm' },
    });
  });

  it('CHECK_TOKEN_STATUS before the token was named stays', () => {
    expect(
      nextState(variant, 'got unresolvable token', 'CHECK_TOKEN_STATUS', { isCurrentTokenNamed: false }),
    ).toMatchObject({ isOk: false, code: 'CONFLICT' });
  });

  it('CONFIRM_TOKEN_COINMARKETCAP_DATA with a bad choice stays with the reason', () => {
    expect(
      nextState(variant, 'CONFIRMING_TOKEN_COINMARKETCAP_DATA', 'CONFIRM_TOKEN_COINMARKETCAP_DATA', {
        choiceError: 'token0: choose one of the offered price-data candidates',
      }),
    ).toEqual({
      isOk: false,
      code: 'VALIDATION_FAILED',
      message: 'token0: choose one of the offered price-data candidates',
    });
  });
});

describe('validateChoices', () => {
  const offered = {
    token0: [
      { id: 8206, slug: 'quickswap-old' },
      { id: 19966, slug: 'quickswap' },
    ],
    token1: [],
  };
  const roles = ['token0', 'token1'];

  it('accepts an offered candidate and no choice for a token without candidates', () => {
    const chosen = { token0: { coinmarketcap_id: 19966, coinmarketcap_slug: 'quickswap' } };
    expect(validateChoices({ offered, chosen, roles })).toBeNull();
  });

  it('refuses an id that was not offered', () => {
    const chosen = { token0: { coinmarketcap_id: 1, coinmarketcap_slug: 'bitcoin' } };
    expect(validateChoices({ offered, chosen, roles })).toBe(
      'token0: coinmarketcap_id 1 (bitcoin) was not among the offered candidates',
    );
  });

  it("refuses an offered id with another candidate's slug", () => {
    const chosen = { token0: { coinmarketcap_id: 8206, coinmarketcap_slug: 'quickswap' } };
    expect(validateChoices({ offered, chosen, roles })).toMatch(/not among the offered/);
  });

  it('takes no choice where candidates were offered as the on-chain price (issue 30)', () => {
    expect(validateChoices({ offered, chosen: {}, roles })).toBeNull();
  });

  it('refuses a choice for a token without candidates', () => {
    const chosen = {
      token0: { coinmarketcap_id: 8206, coinmarketcap_slug: 'quickswap-old' },
      token1: { coinmarketcap_id: 3408, coinmarketcap_slug: 'usd-coin' },
    };
    expect(validateChoices({ offered, chosen, roles })).toMatch(/^token1: no price-data candidates/);
  });
});

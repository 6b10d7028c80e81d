import type { GotStatus, PriceChoice, PriceSelection, TokenRole, WizardVariant } from '@tidewatch/shared';
import type { CollectedSnapshots } from '../../core/snapshots/index.ts';

/** Everything an import keeps between steps (the `data` column). Addresses in keys are lower-case. */
export type StoredImport = {
  /** What the user pasted. */
  url: string;
  /**
   * The farm URL stored with the farm: QuickSwap's farm page rebuilt from the pasted page's addresses (never
   * the pasted text itself), else null (completion links to QuickSwap's farm list).
   */
  farmUrl: string | null;
  /** The pair's symbols as the farm index knew them at PARSE_URL (absent in imports started before). */
  indexedSymbols?: [string, string] | null;
  farmAddress: string;
  kind: WizardVariant;
  /** Whose positions to snapshot: the given account_address, else the user's verified wallets. */
  accounts: string[];
  /** The pinned-block read and its valuation (gathered entering FETCHING_FARM_ABI). */
  collected: CollectedSnapshots | null;
  priceSource: 'coinmarketcap' | 'onchain' | null;
  /** Price-data candidates per role, offered at FETCHING_TOKEN_COINMARKETCAP_DATA. */
  choices: Partial<Record<TokenRole, PriceChoice[]>>;
  /** Names and symbols given over the realtime channel. */
  namedTokens: Record<string, { name: string; symbol: string }>;
  /** The token 'got unresolvable token' asks about. */
  currentToken: string | null;
  lastStatus: GotStatus | null;
  selections: Partial<Record<TokenRole, PriceSelection>>;
};

// JSON cannot hold bigints and turns Dates into strings; tag both so the stored read comes back typed.
export function encodeImport(data: StoredImport): string {
  return JSON.stringify(data, function (this: Record<string, unknown>, key, value) {
    const raw = this[key];
    if (typeof raw === 'bigint') return { $bigint: raw.toString() };
    if (raw instanceof Date) return { $date: raw.toISOString() };
    return value;
  });
}

export function decodeImport(text: string): StoredImport {
  return JSON.parse(text, (_key, value) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (typeof value.$bigint === 'string') return BigInt(value.$bigint);
      if (typeof value.$date === 'string') return new Date(value.$date);
    }
    return value;
  }) as StoredImport;
}

export type RoleToken = {
  role: TokenRole | 'reward';
  address: string;
  symbol: string;
  name: string | null;
  decimals: number;
  /** USD from a price source (on-chain pairs or CoinMarketCap); null when none knows it. */
  sourcePrice: number | null;
};

/** The import's tokens by role: token0, token1, then reward (lp) or reward_a, reward_b (dual). */
export function roleTokens(stored: StoredImport): RoleToken[] {
  const farm = stored.collected?.read.farms[0];
  if (!farm || !stored.collected) return [];
  const priced = new Map(stored.collected.tokens.map((t) => [t.address.toLowerCase(), t]));
  const make = (
    role: RoleToken['role'],
    token: { address: string; symbol: string; name: string | null; decimals: number },
  ) => {
    const named = stored.namedTokens[token.address.toLowerCase()];
    const price = priced.get(token.address.toLowerCase());
    const isFromSource = price?.source != null && price.source !== 'pool';
    return {
      role,
      address: token.address,
      symbol: named?.symbol ?? token.symbol,
      name: named?.name ?? token.name,
      decimals: token.decimals,
      sourcePrice: isFromSource ? (price?.usd ?? null) : null,
    };
  };
  const rewardRoles = stored.kind === 'dual' ? (['reward_a', 'reward_b'] as const) : (['reward'] as const);
  return [
    make('token0', farm.pair.token0),
    make('token1', farm.pair.token1),
    ...farm.rewards.map((r, k) => make(rewardRoles[k] ?? 'reward', r.token)),
  ];
}

/** The roles that get price-data choices: token0, token1, and for dual mining reward A and B. */
export function choiceRoles(kind: WizardVariant): TokenRole[] {
  return kind === 'dual' ? ['token0', 'token1', 'reward_a', 'reward_b'] : ['token0', 'token1'];
}

/**
 * Tokens the user must name: ERC-20 name() unreadable, or no price source knows them (no on-chain
 * price and no CoinMarketCap candidate), and not named yet. Each address once, in role order.
 */
export function findUnresolvedTokens(stored: StoredImport): string[] {
  const unresolved: string[] = [];
  for (const token of roleTokens(stored)) {
    const key = token.address.toLowerCase();
    if (stored.namedTokens[key] || unresolved.includes(key)) continue;
    const candidates = token.role === 'reward' ? [] : (stored.choices[token.role] ?? []);
    if (token.name === null || (token.sourcePrice === null && candidates.length === 0)) unresolved.push(key);
  }
  return unresolved;
}

/**
 * Whether the realtime channel may name this token in this import: only a token the wizard could not
 * look up (see findUnresolvedTokens), and only once the price look-up has run. A token the user named
 * here still needs its name, so the user can correct it before completing; any other token keeps its
 * on-chain name, since a user-given one would end up in the shared tokens table.
 */
export function needsName(stored: StoredImport, address: string): boolean {
  if (stored.priceSource === null) return false;
  return findUnresolvedTokens({ ...stored, namedTokens: {} }).includes(address.toLowerCase());
}

// The committed copy of interface-v2's Polygon vault lists (docs/quickswap-vault-lists/, made by
// assemble-vault-lists.ts): its format, and its rows replayed into the lists as each version had them.

import path from 'node:path';
import { repoRoot } from './build-syrups.ts';
import { asArray, asRecord, asString, isRecord, parseJson } from './json-input.ts';

/** The commit of QuickSwap/interface-v2 (master, 2025-04-03, its newest) the vault lists were assembled up to. */
export const VAULT_LISTS_COMMIT = '8799993562503860a266feb3d8bf376acc80596a';

/** The files of interface-v2 that list Polygon's vaults or their managers' contracts and URLs. */
export const VAULT_PATHS = {
  constants: 'src/constants/index.ts',
  addresses: 'src/constants/v3/addresses.ts',
  env: '.env',
} as const;

/** The constants read from each .ts file. */
export const VAULT_CONSTANTS = {
  constants: ['GammaPairs', 'IchiVaults', 'DefiedgeStrategies'],
  addresses: ['GAMMA_MASTERCHEF_ADDRESSES', 'STEER_VAULT_REGISTRY', 'STEER_PERIPHERY'],
} as const;

/** The .env names read: Steer's API (interface-v2 asks it for Steer's vaults) and its staking pools. */
export const ENV_NAMES = ['REACT_APP_STEER_API_URL', 'REACT_APP_STEER_STAKING_POOLS_URL'] as const;

/** How interface-v2 keys a value by chain (`[ChainId.MATIC]`), as the source text of the key. */
export const MATIC_KEY = 'ChainId.MATIC';

/** A TypeScript literal as data; an enum member or a name (`Presets.GAMMA_WIDE`) as its source text. */
export type ExtractedValue =
  | string
  | number
  | boolean
  | { expression: string }
  | ExtractedValue[]
  | { [key: string]: ExtractedValue };

/** Polygon's value of each constant at one commit. */
export interface VaultConstants {
  /** Pair key as written → its hypervisors; `chainKey` null before the constant was keyed by chain. */
  GammaPairs?: { chainKey: string | null; pairs: ExtractedValue };
  IchiVaults?: ExtractedValue;
  DefiedgeStrategies?: ExtractedValue;
  /** Polygon's MasterChef of each masterChefIndex (null: that index has none on Polygon). */
  GAMMA_MASTERCHEF_ADDRESSES?: (ExtractedValue | null)[];
  STEER_VAULT_REGISTRY?: ExtractedValue;
  STEER_PERIPHERY?: ExtractedValue;
  REACT_APP_STEER_API_URL?: string;
  REACT_APP_STEER_STAKING_POOLS_URL?: string;
}

export type ConstantName = keyof VaultConstants;

const CONSTANT_NAMES: readonly string[] = [
  ...VAULT_CONSTANTS.constants,
  ...VAULT_CONSTANTS.addresses,
  ...ENV_NAMES,
];

/** One row of interface-v2_vault-constants-all-versions.json. */
export interface VaultListVersion {
  commit: string;
  /** The commit's author date, YYYY-MM-DD. */
  date: string;
  /** SHA-256 of each file's bytes at the commit; null when the file is not there. */
  sha256: Record<string, string | null>;
  /**
   * The values that differ from the row above, null when no longer there; any other is as in the row above. For
   * GammaPairs, only its pairs that differ (null: removed).
   */
  changed: { [K in Exclude<ConstantName, 'GammaPairs'>]?: VaultConstants[K] | null } & {
    GammaPairs?: { chainKey: string | null; pairs: Record<string, ExtractedValue | null> } | null;
  };
}

export const VAULT_SOURCES = {
  v2VaultLists: 'docs/quickswap-vault-lists/interface-v2_vault-constants-all-versions.json',
} as const;

export const vaultListsPath = path.join(repoRoot, VAULT_SOURCES.v2VaultLists);

/** One version of the lists, whole: what interface-v2 had at `commit`. */
export interface ReplayedVersion {
  commit: string;
  date: string;
  /** Its place in the file (the order of the commits, oldest first). */
  sequence: number;
  constants: VaultConstants;
}

/** The rows of the committed file replayed in order, each into the whole lists of its commit. */
export function replayVaultLists(files: Record<string, string>): ReplayedVersion[] {
  const name = VAULT_SOURCES.v2VaultLists;
  let state: Record<string, unknown> = {};
  return asArray(parseJson(files, name), name).map((value, sequence) => {
    const where = `${name}[${sequence}]`;
    const row = asRecord(value, where);
    const commit = asString(row.commit, `${where}.commit`);
    const date = asString(row.date, `${where}.date`);
    if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error(`${where}: commit ${commit} is not a full hash`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`${where}: date ${date} is not YYYY-MM-DD`);
    const next: Record<string, unknown> = { ...state };
    for (const [key, change] of Object.entries(asRecord(row.changed, `${where}.changed`))) {
      if (!CONSTANT_NAMES.includes(key)) throw new Error(`${where}: unknown constant ${key}`);
      if (change === null) delete next[key];
      else if (key === 'GammaPairs')
        next[key] = applyGammaDelta(state[key], change, `${where}.changed.${key}`);
      else next[key] = change;
    }
    state = next;
    return { commit, date, sequence, constants: state as VaultConstants };
  });
}

/** GammaPairs after a row's change to some of its pairs (assemble-vault-lists.ts writes only those). */
function applyGammaDelta(before: unknown, change: unknown, where: string): VaultConstants['GammaPairs'] {
  const delta = asRecord(change, where);
  const chainKey = delta.chainKey === null ? null : asString(delta.chainKey, `${where}.chainKey`);
  const pairs: Record<string, unknown> =
    isRecord(before) && isRecord(before.pairs) ? { ...before.pairs } : {};
  for (const [key, hypervisors] of Object.entries(asRecord(delta.pairs, `${where}.pairs`))) {
    if (hypervisors === null) delete pairs[key];
    else pairs[key] = asArray(hypervisors, `${where}.pairs.${key}`);
  }
  return { chainKey, pairs: pairs as ExtractedValue };
}

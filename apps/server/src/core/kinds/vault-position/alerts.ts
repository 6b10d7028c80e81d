import { getAddress } from 'viem';
import type { AlertKind, AlertSubject, EvaluateDeps } from '../../alerts/alert-kind.ts';
import { findSyrupEvents } from '../../alerts/syrup-rules.ts';
import { findVaultRangeEvents } from '../../alerts/vault-range-rules.ts';
import { chainNameOf } from '../../chain/chain-name.ts';

import { parseVaultFigures, syrupLabel, vaultManagerNames, vaultPairLabel } from './figures.ts';
import {
  findVaultPositions,
  findVaultRangeCrossing,
  findVaultTrackers,
  newestSnapshot,
} from './repository.ts';

/**
 * Vault positions (by id): each tracked syrup stake's newest snapshot against the syrup rules (rewards ending
 * within 72 hours, ended with stake or rewards left), and each vault's against the range rules (out of its base
 * range, back in it), for every user tracking it. A lair never ends.
 */
export const vaultPositionAlerts: AlertKind<number> = {
  async readSubjects(deps, ids) {
    const subjects: AlertSubject[] = [];
    for (const position of await findVaultPositions(deps.db, ids)) {
      if (vaultManagerNames[position.position_type]) {
        const subject = await vaultRangeSubject(deps, position);
        if (subject) subjects.push(subject);
        continue;
      }
      if (position.position_type !== 'syrup') continue;
      const snapshot = await newestSnapshot(deps.db, position.id);
      const syrup = snapshot ? parseVaultFigures(snapshot.figures).syrup : null;
      if (!snapshot || !syrup) continue;
      const wallet = getAddress(position.wallet_address);
      const facts = {
        pool: position.contract_address,
        wallet,
        label: syrupLabel(syrup),
        chainName: chainNameOf(deps.chainId),
        periodFinish: new Date(syrup.ends_at),
        staked: { symbol: syrup.staked.token.symbol, amount: syrup.staked.amount },
        earned: { symbol: syrup.earned.token.symbol, amount: syrup.earned.amount },
        valueUsd: syrup.usd,
        chainNow: deps.chainNow ?? deps.now,
      };
      const trackers = await findVaultTrackers(deps.db, position.id);
      subjects.push({
        trackers: trackers.map((user) => ({ ...user, wallet })),
        eventsFor: (_wallet, settingOf) => findSyrupEvents(facts, settingOf),
        notification: {
          farm_address: position.contract_address,
          link: `${deps.publicUrl}/quickswap/vaults`,
          position: null,
          chain_id: deps.chainId,
        },
      });
    }
    return subjects;
  },
};

/** A vault's shares against the range rules, at its newest snapshot; null when it has none, or no shares then. */
async function vaultRangeSubject(
  deps: EvaluateDeps,
  position: Awaited<ReturnType<typeof findVaultPositions>>[number],
): Promise<AlertSubject | null> {
  const snapshot = await newestSnapshot(deps.db, position.id);
  const vault = snapshot ? parseVaultFigures(snapshot.figures).vault : null;
  if (!snapshot || !vault) return null;
  const wallet = getAddress(position.wallet_address);
  const isInRange = vault.base_range.is_in_range;
  const crossing = await findVaultRangeCrossing(deps.db, position.id, isInRange);
  if (!crossing) return null;
  const [a0, a1] = vault.amounts;
  const facts = {
    vault: position.contract_address,
    wallet,
    manager: vaultManagerNames[position.position_type]!,
    pair: vaultPairLabel(vault),
    chainName: chainNameOf(deps.chainId),
    isInRange,
    crossing,
    prices: {
      current: vault.price,
      lower: vault.base_range.lower,
      upper: vault.base_range.upper,
      unit: `${a1.token.symbol} per ${a0.token.symbol}`,
    },
  };
  const trackers = await findVaultTrackers(deps.db, position.id);
  return {
    trackers: trackers.map((user) => ({ ...user, wallet })),
    eventsFor: (_wallet, settingOf) => findVaultRangeEvents(facts, settingOf),
    notification: {
      farm_address: position.contract_address,
      link: `${deps.publicUrl}/quickswap/vaults`,
      position: null,
      chain_id: deps.chainId,
    },
  };
}

import { getAddress } from 'viem';
import type { AlertKind, AlertSubject } from '../../alerts/alert-kind.ts';
import { findSyrupEvents } from '../../alerts/syrup-rules.ts';
import { parseVaultFigures, syrupLabel } from './figures.ts';
import { findVaultPositions, findVaultTrackers, newestSnapshot } from './repository.ts';

/**
 * Vault positions (by id): each tracked syrup stake's newest snapshot against the syrup rules (rewards ending
 * within 72 hours, ended with stake or rewards left), for every user tracking it. A lair never ends.
 */
export const vaultPositionAlerts: AlertKind<number> = {
  async readSubjects(deps, ids) {
    const subjects: AlertSubject[] = [];
    for (const position of await findVaultPositions(deps.db, ids)) {
      if (position.position_type !== 'syrup') continue;
      const snapshot = await newestSnapshot(deps.db, position.id);
      const syrup = snapshot ? parseVaultFigures(snapshot.figures).syrup : null;
      if (!snapshot || !syrup) continue;
      const wallet = getAddress(position.wallet_address);
      const facts = {
        pool: position.contract_address,
        wallet,
        label: syrupLabel(syrup),
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
        },
      });
    }
    return subjects;
  },
};

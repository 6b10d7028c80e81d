import type { Migration } from 'kysely';
import { accountsMigration } from './001-accounts.ts';
import { walletsMigration } from './002-wallets.ts';
import { farmsMigration } from './003-farms.ts';
import { farmImportsMigration } from './004-farm-imports.ts';
import { throttlesMigration } from './005-throttles.ts';
import { snapshotScheduleMigration } from './006-snapshot-schedule.ts';
import { jobRunsMigration } from './007-job-runs.ts';
import { positionHistoryMigration } from './008-position-history.ts';
import { farmIndexMigration } from './009-farm-index.ts';
import { accountBasicsMigration } from './010-account-basics.ts';
import { alertsMigration } from './011-alerts.ts';
import { dataVersionMigration } from './012-data-version.ts';
import { sessionVersionMigration } from './013-session-version.ts';
import { keptSessionMigration } from './014-kept-session.ts';
import { farmIndexReportMigration } from './015-farm-index-report.ts';
import { onePriceRuleMigration } from './016-one-price-rule.ts';
import { oneSnapshotPerBlockMigration } from './017-one-snapshot-per-block.ts';
import { oneOpenImportMigration } from './018-one-open-import.ts';
import { sessionRestoreMigration } from './019-session-restore.ts';
import { walletTransactionsMigration } from './020-wallet-transactions.ts';
import { v3TrackingMigration } from './021-v3-tracking.ts';
import { merklAnswersMigration } from './022-merkl-answers.ts';
import { transactionFeesMigration } from './023-transaction-fees.ts';
import { alertChannelsMigration } from './024-alert-channels.ts';
import { dualClaimsRescanMigration } from './025-dual-claims-rescan.ts';
import { openingBalancePerWalletMigration } from './026-opening-balance-per-wallet.ts';
import { operatorPriceChoicesMigration } from './027-operator-price-choices.ts';
import { recordedSendMovementsMigration } from './028-recorded-send-movements.ts';
import { v3IncentiveIndexMigration } from './029-v3-incentive-index.ts';
import { vaultTrackingMigration } from './030-vault-tracking.ts';
import { vaultHistoryMigration } from './031-vault-history.ts';
import { chainTrackingMigration } from './032-chain-tracking.ts';
import { chainPositionHistoryMigration } from './033-chain-position-history.ts';
import { alertChainMigration } from './034-alert-chain.ts';

/**
 * Every migration, in order. To add one: create `NNN-name.ts` exporting a `Migration` (use
 * `addIdColumn` from ../schema-helpers.ts for ids, text for amounts and instants) and add one line
 * here. Keys sort alphabetically, so keep the zero-padded number prefix. Never edit a shipped one.
 */
export const migrations: Record<string, Migration> = {
  '001-accounts': accountsMigration,
  '002-wallets': walletsMigration,
  '003-farms': farmsMigration,
  '004-farm-imports': farmImportsMigration,
  '005-throttles': throttlesMigration,
  '006-snapshot-schedule': snapshotScheduleMigration,
  '007-job-runs': jobRunsMigration,
  '008-position-history': positionHistoryMigration,
  '009-farm-index': farmIndexMigration,
  '010-account-basics': accountBasicsMigration,
  '011-alerts': alertsMigration,
  '012-data-version': dataVersionMigration,
  '013-session-version': sessionVersionMigration,
  '014-kept-session': keptSessionMigration,
  '015-farm-index-report': farmIndexReportMigration,
  '016-one-price-rule': onePriceRuleMigration,
  '017-one-snapshot-per-block': oneSnapshotPerBlockMigration,
  '018-one-open-import': oneOpenImportMigration,
  '019-session-restore': sessionRestoreMigration,
  '020-wallet-transactions': walletTransactionsMigration,
  '021-v3-tracking': v3TrackingMigration,
  '022-merkl-answers': merklAnswersMigration,
  '023-transaction-fees': transactionFeesMigration,
  '024-alert-channels': alertChannelsMigration,
  '025-dual-claims-rescan': dualClaimsRescanMigration,
  '026-opening-balance-per-wallet': openingBalancePerWalletMigration,
  '027-operator-price-choices': operatorPriceChoicesMigration,
  '028-recorded-send-movements': recordedSendMovementsMigration,
  '029-v3-incentive-index': v3IncentiveIndexMigration,
  '030-vault-tracking': vaultTrackingMigration,
  '031-vault-history': vaultHistoryMigration,
  '032-chain-tracking': chainTrackingMigration,
  '033-chain-position-history': chainPositionHistoryMigration,
  '034-alert-chain': alertChainMigration,
};

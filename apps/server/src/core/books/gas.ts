import type { LedgerGas } from '@tidewatch/shared';
import { type Address, formatUnits, isAddressEqual } from 'viem';
import type { TransactionFeeRow } from '../db/tables/transaction-fees.ts';
import { polDecimals } from './ledger-types.ts';

/** A transaction the wallet sent through the recovery plan, with its receipt's gas (wallet_transactions). */
export type WalletTransactionGas = {
  tx_hash: string;
  gas_used: string;
  effective_gas_price: string;
  gas_usd: number | null;
};

/** Where a transaction's gas is known: the receipts stage (transaction_fees) and the recorded sends. */
export type GasSources = {
  wallet: string;
  fees: Map<string, TransactionFeeRow>;
  walletTransactions: Map<string, WalletTransactionGas>;
};

/** No gas on this row: another row of its transaction carries it (or an opening balance, no transaction). */
export const noGas: LedgerGas = {
  status: 'none',
  fee_pol: null,
  fee_pol_display: null,
  fee_usd: null,
  pol_usd: null,
  gas_used: null,
  effective_gas_price: null,
};

function paid(
  feeWei: bigint,
  figures: { fee_usd: number | null; pol_usd: number | null; gas_used: string; effective_gas_price: string },
): LedgerGas {
  return {
    status: 'paid',
    fee_pol: feeWei.toString(),
    fee_pol_display: formatUnits(feeWei, polDecimals),
    ...figures,
  };
}

/**
 * The gas of one transaction for the wallet: its stored receipt's `gasUsed × effectiveGasPrice` when the
 * wallet sent it ('paid'), none when another address did ('not_paid'), else the recovery plan's own record
 * of a send (the wallet proved it sent it), else 'unknown' (never 0).
 */
export function gasOfTransaction(hash: string, sources: GasSources): LedgerGas {
  const key = hash.toLowerCase();
  const fee = sources.fees.get(key);
  if (fee?.status === 'known' && fee.fee_wei !== null && fee.from_address !== null) {
    if (!isAddressEqual(fee.from_address as Address, sources.wallet as Address))
      return { ...noGas, status: 'not_paid' };
    return paid(BigInt(fee.fee_wei), {
      fee_usd: fee.fee_usd,
      pol_usd: fee.pol_usd,
      gas_used: fee.gas_used ?? '',
      effective_gas_price: fee.effective_gas_price ?? '',
    });
  }
  const sent = sources.walletTransactions.get(key);
  if (sent) {
    const feeWei = BigInt(sent.gas_used) * BigInt(sent.effective_gas_price);
    const pol = Number(formatUnits(feeWei, polDecimals));
    return paid(feeWei, {
      fee_usd: sent.gas_usd,
      pol_usd: sent.gas_usd === null || pol === 0 ? null : sent.gas_usd / pol,
      gas_used: sent.gas_used,
      effective_gas_price: sent.effective_gas_price,
    });
  }
  return { ...noGas, status: 'unknown' };
}

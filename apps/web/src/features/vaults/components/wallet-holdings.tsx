import { useQuery } from '@tanstack/react-query';
import type { Wallet } from '@tidewatch/shared';
import { formatTokenAmount } from '@tidewatch/shared/amounts';
import type { LairStake, SyrupStake, VaultShare } from '@tidewatch/shared/vaults';
import { vaultsTool } from '@tidewatch/shared/vaults-tool';
import type { ReactNode } from 'react';
import { Badge, InlineError, Spinner } from '../../../components/index.ts';
import { formatCount, formatUsd, shortenAddress } from '../../../lib/format.ts';
import { walletHoldingsQueryOptions } from '../api/get-wallet-holdings.ts';
import { GetItOutLink } from './get-it-out-link.tsx';
import { TrackCell } from './track-cell.tsx';

type Amount = { token: { symbol: string }; amount: string };
const amountText = (amount: Amount) => `${formatTokenAmount(amount.amount)} ${amount.token.symbol}`;
const quiet = 'text-sm text-slate-600 dark:text-slate-400';
const cell = 'px-2 py-1.5 text-right tabular-nums';
const head = 'px-2 py-1.5 text-right font-medium text-slate-500 dark:text-slate-400';

/**
 * One saved or watch-only wallet in the vaults tool: its dQUICK in each Dragon's Lair (with the QUICK the lair
 * pays for it now) and its stake and unclaimed rewards in each syrup pool, ended or not, read at one block. Each
 * wallet is its own request, so one that fails leaves the others.
 */
export function WalletHoldings({ wallet, extras }: { wallet: Wallet; extras?: ReactNode }) {
  const query = useQuery(walletHoldingsQueryOptions(wallet.address));
  const short = shortenAddress(wallet.address);
  return (
    <section aria-label={`wallet ${short}`} className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        {wallet.name} · <span className="font-mono">{short}</span>
        {wallet.is_watch_only ? (
          <span className="ml-1 font-normal text-slate-500 dark:text-slate-400">(watch-only)</span>
        ) : null}
      </h3>
      {query.isPending ? <Spinner label={`reading the lairs and syrup pools of ${short}`} /> : null}
      {query.isError ? <InlineError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          <p className={quiet}>
            {formatUsd(query.data.value_usd)} in vaults, the lairs and syrup pools, at block{' '}
            {query.data.block_number.toLocaleString('en-US')} ·{' '}
            {formatCount(query.data.vaults_listed, 'vault')} and{' '}
            {formatCount(query.data.syrups_listed, 'syrup pool')} QuickSwap listed were read
            {query.data.unavailable_lists.includes('steer')
              ? "; Steer's vault list could not be had now: Steer vaults are unknown, not empty"
              : ''}
            {query.data.unreadable.length > 0
              ? `; ${formatCount(query.data.unreadable.length, 'contract')} could not be read (shown as unknown, not empty)`
              : ''}
          </p>
          <VaultTable vaults={query.data.vaults} walletAddress={wallet.address} />
          {extras}
          <LairTable lairs={query.data.lairs} walletAddress={wallet.address} />
          <SyrupTable syrups={query.data.syrups} walletAddress={wallet.address} />
        </>
      ) : null}
    </section>
  );
}

/**
 * One section of a wallet's holdings: its heading, then what the wallet holds there as a table (the first column
 * left-aligned, figures right-aligned, a last column for tracking), or a line saying it holds nothing there.
 */
function HoldingsTable({
  heading,
  emptyText,
  isEmpty,
  columns,
  children,
}: {
  heading: string;
  emptyText: string;
  isEmpty: boolean;
  columns: string[];
  children: ReactNode;
}) {
  return (
    // Positioned, so the scroll box also clips the table's screen-reader-only header (absolutely positioned): on a
    // phone the table scrolls inside it instead of widening the page.
    <div className="relative overflow-x-auto">
      <h4 className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200">{heading}</h4>
      {isEmpty ? (
        <p className={quiet}>{emptyText}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr>
              {columns.map((column, i) => (
                <th key={column} scope="col" className={i === 0 ? `${head} text-left` : head}>
                  {column}
                </th>
              ))}
              <th scope="col" className={head}>
                <span className="sr-only">tracking</span>
              </th>
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      )}
    </div>
  );
}

function RangeText({ range }: { range: VaultShare['base_range'] }) {
  return (
    <span className="block">
      {formatTokenAmount(range.lower)} – {formatTokenAmount(range.upper)}{' '}
      {range.is_in_range ? (
        <Badge className="bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-200">
          in range
        </Badge>
      ) : (
        <Badge className="bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-200">
          out of range
        </Badge>
      )}
    </span>
  );
}

/** How the screen names each manager. */
const managerNames: Record<VaultShare['manager'], string> = {
  gamma: 'Gamma',
  steer: 'Steer',
  ichi: 'ICHI',
  defiedge: 'DefiEdge',
};

/** 'Gamma WMATIC-USDC vault'. */
const vaultName = (vault: VaultShare) =>
  `${managerNames[vault.manager]} ${vault.amounts[0].token.symbol}-${vault.amounts[1].token.symbol} vault`;

/**
 * Vault shares of the four managers: the wallet's part of each vault, its ranges as prices, and the staked shares'
 * rewards.
 */
function VaultTable({ vaults, walletAddress }: { vaults: VaultShare[]; walletAddress: string }) {
  return (
    <HoldingsTable
      heading={vaultsTool.vaultsHeading}
      emptyText="no vault shares in this wallet"
      isEmpty={vaults.length === 0}
      columns={['vault', 'your part', 'base range (limit range)', 'rewards', 'value']}
    >
      {vaults.map((vault) => {
        const [a0, a1] = vault.amounts;
        const unit = `${a1.token.symbol} per ${a0.token.symbol}`;
        return (
          <tr key={vault.vault} className="border-t border-slate-100 align-top dark:border-slate-800">
            <td className="px-2 py-1.5">
              {managerNames[vault.manager]} {a0.token.symbol}-{a1.token.symbol}{' '}
              <span className="font-mono text-xs text-slate-500">{shortenAddress(vault.vault)}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {formatTokenAmount(vault.shares.held)} shares held
                {vault.shares.staked !== '0' ? `, ${formatTokenAmount(vault.shares.staked)} staked` : ''}
              </span>
            </td>
            <td className={cell}>
              <span className="block">{amountText(a0)}</span>
              <span className="block">{amountText(a1)}</span>
            </td>
            <td className={cell}>
              <RangeText range={vault.base_range} />
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {vault.limit_range
                  ? `(${formatTokenAmount(vault.limit_range.lower)} – ${formatTokenAmount(vault.limit_range.upper)}) `
                  : ''}
                {unit}; now {formatTokenAmount(vault.price)}
              </span>
            </td>
            <td className={cell}>
              {vault.shares.staked === '0'
                ? 'none staked'
                : [...vault.rewards.map(amountText), ...(vault.rewards_complete ? [] : ['unknown'])].join(
                    ' + ',
                  )}
            </td>
            <td className={cell}>{formatUsd(vault.usd)}</td>
            <td className={cell}>
              <TrackCell walletAddress={walletAddress} contract={vault.vault} label={vaultName(vault)} />
              <GetItOutLink walletAddress={walletAddress} contract={vault.vault} label={vaultName(vault)} />
            </td>
          </tr>
        );
      })}
    </HoldingsTable>
  );
}

function LairTable({ lairs, walletAddress }: { lairs: LairStake[]; walletAddress: string }) {
  return (
    <HoldingsTable
      heading={vaultsTool.lairHeading}
      emptyText="no dQUICK in this wallet"
      isEmpty={lairs.length === 0}
      columns={['held', 'the lair pays', 'value']}
    >
      {lairs.map((lair) => (
        <tr key={lair.lair} className="border-t border-slate-100 dark:border-slate-800">
          <td className="px-2 py-1.5 tabular-nums">{amountText(lair.dquick)}</td>
          <td className={cell}>{amountText(lair.quick)}</td>
          <td className={cell}>{formatUsd(lair.usd)}</td>
          <td className={cell}>
            <TrackCell walletAddress={walletAddress} contract={lair.lair} label={lair.dquick.token.symbol} />
            <GetItOutLink
              walletAddress={walletAddress}
              contract={lair.lair}
              label={`${lair.dquick.token.symbol} in the Dragon's Lair`}
            />
          </td>
        </tr>
      ))}
    </HoldingsTable>
  );
}

function SyrupTable({ syrups, walletAddress }: { syrups: SyrupStake[]; walletAddress: string }) {
  return (
    <HoldingsTable
      heading={vaultsTool.syrupsHeading}
      emptyText="no stake or rewards in any syrup pool"
      isEmpty={syrups.length === 0}
      columns={['pool', 'staked', 'rewards', 'value']}
    >
      {syrups.map((syrup) => (
        <tr key={syrup.pool} className="border-t border-slate-100 dark:border-slate-800">
          <td className="px-2 py-1.5">
            <span className="font-mono">{shortenAddress(syrup.pool)}</span>{' '}
            {syrup.is_ended ? (
              <Badge className="bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-200">
                ended {syrup.ends_at.slice(0, 10)}
              </Badge>
            ) : (
              <Badge className="bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-200">
                ends {syrup.ends_at.slice(0, 10)}
              </Badge>
            )}
          </td>
          <td className={cell}>{amountText(syrup.staked)}</td>
          <td className={cell}>{amountText(syrup.earned)}</td>
          <td className={cell}>{formatUsd(syrup.usd)}</td>
          <td className={cell}>
            <TrackCell
              walletAddress={walletAddress}
              contract={syrup.pool}
              label={`syrup pool ${syrup.staked.token.symbol} -> ${syrup.earned.token.symbol}`}
            />
          </td>
        </tr>
      ))}
    </HoldingsTable>
  );
}

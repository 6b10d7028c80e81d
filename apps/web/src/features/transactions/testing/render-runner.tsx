import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TokenAmount, WalletTransaction } from '@tidewatch/shared/recovery';
import { recoveryAbis } from '@tidewatch/shared/recovery-calls';
import type { Abi, Address } from 'viem';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/provider.tsx';
import { type FakeReply, type FakeRequest, installFakeFetch } from '../../../test/fake-fetch.ts';
import { TransactionRunner } from '../index.ts';
import type { TransactionOutcome, TransactionRequest } from '../types.ts';

export const farmAddress: Address = '0x1111111111111111111111111111111111111111';
const wethAddress: Address = '0x2222222222222222222222222222222222222222';
const dquickAddress: Address = '0x3333333333333333333333333333333333333333';

/** 1.5 WETH at $2,000 and 12.25 dQUICK without a price. */
const exitReceives: TokenAmount[] = [
  {
    address: wethAddress,
    symbol: 'WETH',
    decimals: 18,
    raw: '1500000000000000000',
    amount: '1.5',
    usd: 3000,
  },
  {
    address: dquickAddress,
    symbol: 'dQUICK',
    decimals: 18,
    raw: '12250000000000000000',
    amount: '12.25',
    usd: null,
  },
];

/** 'withdraw all and claim' on an LP farm, as the plan and the farm actions ask for it. */
export function exitRequest(overrides: Partial<TransactionRequest> = {}): TransactionRequest {
  return {
    stepKind: 'exit',
    contractLabel: 'farm WETH-USDC',
    functionSignature: 'exit()',
    receives: exitReceives,
    polUsd: 0.5,
    key: `exit:${farmAddress}`,
    prepare: async () => ({
      address: farmAddress,
      abi: recoveryAbis.farm as Abi,
      functionName: 'exit',
      args: [],
    }),
    ...overrides,
  };
}

/** What the server answers POST /api/recovery/transactions with. */
export function recordedTransaction(hash: string, wallet: string): WalletTransaction {
  return {
    tx_hash: hash,
    wallet_address: wallet,
    step_kind: 'exit',
    to: farmAddress,
    status: 'success',
    block_number: 101,
    gas_used: '51234',
    effective_gas_price: '300000000000',
    gas_pol: '0.0153702',
    gas_usd: 0.0076851,
    farm_address: farmAddress,
    snapshot_taken: true,
  };
}

/**
 * The runner alone in the app's providers, with the server's record endpoint answered: by `recordReply`
 * for the n-th record (0-based) when it returns a reply, otherwise with the record.
 */
export function renderRunner(
  wallet: Address,
  request: TransactionRequest,
  recordReply: (attempt: number) => FakeReply | undefined = () => undefined,
) {
  let records = 0;
  const calls: FakeRequest[] = installFakeFetch((call) => {
    if (call.method !== 'POST' || call.path !== '/recovery/transactions') return undefined;
    return (
      recordReply(records++) ?? {
        body: recordedTransaction((call.body as { tx_hash: string }).tx_hash, wallet),
      }
    );
  });
  const onFinished = vi.fn<(outcome: TransactionOutcome) => void>();
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <TransactionRunner wallet={wallet} request={request} onFinished={onFinished} />
    </AppProviders>,
  );
  return { calls, onFinished, user };
}

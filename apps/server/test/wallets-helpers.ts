import { testAccounts } from '@tidewatch/testkit';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { expect } from 'vitest';
import type { TestApp } from './helpers.ts';

/** Shared by the wallets test files: wallet keys, a movable clock and guide calls over HTTP. */

const guideUrl = '/api/wallets/connect_metamask_guide/next-state';
export const alice = privateKeyToAccount(testAccounts.user.privateKey);
export const bob = privateKeyToAccount(testAccounts.idle.privateKey);

/** A clock the app reads through `deps.now`; tests move it forward. */
export function createClock(start = new Date()) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

export function guideCall(t: TestApp, token: string, body: unknown) {
  return t.request({ method: 'POST', url: guideUrl, payload: body as object, token });
}

/** GET_MESSAGE for the address; returns the state's data (address, message, expiresAt). */
export async function getGuideMessage(t: TestApp, token: string, address: string) {
  const response = await guideCall(t, token, {
    name: 'NOT_STARTED',
    event: 'GET_MESSAGE',
    params: { address },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { address: string; message: string; expiresAt: string };
}

export function confirmSignature(
  t: TestApp,
  token: string,
  params: { signature: string; address: string; message?: string },
) {
  return guideCall(t, token, { name: 'NOT_STARTED', event: 'CONFIRM_SIGNATURE', params });
}

/** The whole guide for `account`; returns the SAVE_ADDRESS response. */
export async function connectWallet(t: TestApp, token: string, account = alice) {
  const { message } = await getGuideMessage(t, token, account.address);
  const signature = await account.signMessage({ message });
  const confirmed = await confirmSignature(t, token, { signature, address: account.address });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const state = confirmed.json();
  return guideCall(t, token, {
    name: state.name,
    event: state.events[0],
    params: { ...state.data, address: account.address, chainId: 137, token },
  });
}

/** Rebuilds a server-issued message with some fields changed (same nonce), as a forger would. */
export function alterMessage(message: string, changes: Partial<Parameters<typeof createSiweMessage>[0]>) {
  const parsed = parseSiweMessage(message);
  return createSiweMessage({ ...(parsed as Parameters<typeof createSiweMessage>[0]), ...changes });
}

export async function countRows(t: TestApp, table: 'wallets' | 'users'): Promise<number> {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

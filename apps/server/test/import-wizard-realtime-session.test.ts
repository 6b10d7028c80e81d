import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, tokenLifetimeSeconds } from '../src/core/auth/jwt.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { connectRealtime, createWizardUser, sendUpdateToken } from './import-wizard-helpers.ts';

// The realtime channel checks the session on every event, not only at connect time.

let testApp: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];
const someToken = { address: '0x00000000000000000000000000000000000000c3', name: 'Some', symbol: 'SOME' };
const notInImports = {
  status: 'error',
  message: `the token ${someToken.address} is not part of any of your open imports`,
};
const sessionEnded = { status: 'error', message: 'your session has ended: please log in again' };

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await testApp?.close();
});

/** Resolves with the reason when the server closes the socket; rejects after `ms`. */
function disconnected(socket: Socket, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the socket was still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe('realtime channel after the session ends', () => {
  it('refuses the next update token after logout and disconnects', async () => {
    const { token } = await createWizardUser(testApp);
    const socket = await connectRealtime(baseUrl, { token }, sockets);
    expect(await sendUpdateToken(socket, someToken)).toEqual(notInImports);

    const logout = await testApp.request({ method: 'POST', url: '/api/internal/logout', token });
    expect(logout.statusCode).toBe(204);

    const closed = disconnected(socket, 5_000);
    expect(await sendUpdateToken(socket, someToken)).toEqual(sessionEnded);
    expect(await closed).toBe('io server disconnect');
    await expect(connectRealtime(baseUrl, { token }, sockets)).rejects.toThrow(
      /session has expired or ended/,
    );
  });

  it('disconnects when the token expires', async () => {
    const { userId } = await createWizardUser(testApp);
    // A token issued so that it expires 2 to 3 s from now (exp is in whole seconds).
    const issuedAt = new Date(Date.now() - tokenLifetimeSeconds * 1000 + 3_000);
    const { token, claims } = await issueToken(testApp.config.jwtSecret, userId, issuedAt);
    expect(claims.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const socket = await connectRealtime(baseUrl, { token }, sockets);
    const closed = disconnected(socket, 8_000);
    expect(await closed).toBe('io server disconnect');
    expect(Date.now()).toBeGreaterThanOrEqual(claims.expiresAt.getTime());
  });
});

import { Readable } from 'node:stream';
import { createTestWalletBridge, testWalletInitScript } from '@tidewatch/testkit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Hex } from 'viem';
import { z } from 'zod';

/** Demo mode only: a funded local account the browser can connect and sign with, no MetaMask needed. */
export type DemoWalletOptions = { privateKey: Hex; rpcUrl: string; chainId: number };

const demoWalletScriptPath = '/demo/wallet.js';
const demoWalletInfo = { name: 'Demo wallet', rdns: 'app.tidewatch.demo-wallet' } as const;

const walletRequestSchema = z.object({
  method: z.string().min(1).max(100),
  params: z.unknown().optional(),
});

/**
 * The bridge from the page's provider to POST /api/demo/wallet, with the page's CSRF token. The app asks for
 * the CSRF cookie only once its screen has drawn (decision 016), and the wallet's first request can come
 * before that: with no cookie yet, the bridge asks for one itself, as the app's own POSTs do.
 */
export const demoWalletBridgeScript = `window.__tidewatchWalletRequest = async (method, params) => {
  const readCsrf = () => (document.cookie.match(/(?:^|; )csrftoken=([^;]*)/) || [])[1];
  if (!readCsrf()) await fetch('/api/internal/csrf_cookie', { credentials: 'include' }).catch(() => {});
  const response = await fetch('/api/demo/wallet', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'x-csrftoken': decodeURIComponent(readCsrf() || '') },
    body: JSON.stringify({ method, params }),
  });
  if (!response.ok) return { error: { code: 4900, message: 'the demo wallet is not reachable' } };
  return response.json();
};`;

/** The page half: the testkit's EIP-1193 provider, announced over EIP-6963 as 'Demo wallet', not MetaMask. */
function demoWalletScript(): string {
  return `${demoWalletBridgeScript}\n${testWalletInitScript({ announceAs: demoWalletInfo, isMetaMask: false })}`;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Registered by buildApp only when DEMO_WALLET_PRIVATE_KEY is set (npm run demo sets it): serves the
 * wallet script, answers its requests with a private-key account on the demo chain, and adds the
 * script tag to the SPA's HTML. Outside demo mode none of this exists.
 */
export async function registerDemoWallet(app: FastifyInstance, options: DemoWalletOptions): Promise<void> {
  const bridge = createTestWalletBridge(options);
  const script = demoWalletScript();

  app.get(demoWalletScriptPath, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );

  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/demo/wallet', { schema: { body: walletRequestSchema } }, async (request) =>
      bridge.handle(request.body.method, request.body.params),
    );

  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html')) return payload;
    const html =
      typeof payload === 'string'
        ? payload
        : payload instanceof Readable
          ? await readAll(payload)
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : null;
    if (html === null || !html.includes('<head>')) return payload;
    reply.removeHeader('content-length');
    // First in <head> and deferred: it still runs before the app's module script (deferred scripts run in
    // document order) without holding up the first paint.
    return html.replace('<head>', `<head><script defer src="${demoWalletScriptPath}"></script>`);
  });
}

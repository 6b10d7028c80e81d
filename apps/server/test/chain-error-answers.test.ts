import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainClient } from '../src/core/chain/client.ts';
import { redactUrls } from '../src/core/chain/errors.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// A node that fails the way hosted RPCs do: HTTP 500 with a body echoing the request URL, whose path
// holds the API key (https://host/v2/KEY).
const secret = 'sk-fake-rpc-key-0123456789';
let node: Server;
let rpcUrl: string;
let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  node = createServer((request, response) => {
    request.resume();
    response.writeHead(500, { 'content-type': 'text/plain' });
    response.end(`upstream failure for ${rpcUrl}`);
  });
  await new Promise<void>((done) => node.listen(0, '127.0.0.1', done));
  rpcUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}/v2/${secret}`;
  const chain = createChainClient({
    rpcUrls: [rpcUrl],
    chainId: 137,
    multicall3Address: '0xcA11bde05977b3631167028862bE2a173976CA11',
    retryCount: 0,
  });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    deps: { logger: { level: 'warn', stream } },
    // The smallest route that reads the chain the way the farm endpoints do.
    beforeReady: (app) => app.get('/api/test/chain-read', async () => chain.request('eth_blockNumber', [])),
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((done) => node?.close(done));
});

describe('a failing RPC node', () => {
  it('answers CHAIN_UNAVAILABLE with only the short message: no upstream body, no URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/chain-read' });
    expect(response.statusCode).toBe(502);
    const body = response.json();
    expect(body.code).toBe('CHAIN_UNAVAILABLE');
    expect(body.message).toMatch(/^The blockchain node answered eth_\w+ with HTTP 500\.$/);
    expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain('Details:');
    expect(response.body).not.toContain('/v2/');
  });

  it('logs the failure with its detail but the RPC URL cut to its origin', async () => {
    const log = logLines.join('\n');
    expect(log).toContain('CHAIN_UNAVAILABLE');
    expect(log).toContain('upstream failure');
    expect(log).toContain('http://127.0.0.1:');
    expect(log).not.toContain(secret);
  });
});

describe('redactUrls', () => {
  it('keeps only the origin of every URL', () => {
    expect(redactUrls('URL: https://polygon-mainnet.g.alchemy.com/v2/KEY and wss://u:p@x.io:8546/?k=1')).toBe(
      'URL: https://polygon-mainnet.g.alchemy.com/… and wss://x.io:8546/…',
    );
    expect(redactUrls('see https://example.com')).toBe('see https://example.com');
  });
});

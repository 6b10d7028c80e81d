import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * One scripted answer of a fake receiver, for fault tests: a status (5xx, 4xx, a 3xx redirect), a 429 with
 * its Retry-After (seconds), or an answer held back `delayMs` (a slow receiver; the client's timeout ends it).
 */
export type ScriptedAnswer = {
  status: number;
  /** 429: the Retry-After header, in seconds. */
  retryAfterSeconds?: number;
  /** 3xx: where the redirect points. */
  location?: string;
  /** Hold the answer this long (the socket stays open; stop() closes it). */
  delayMs?: number;
};

/** A request a fake received, with its raw body (signatures are over the exact bytes). */
export type ReceivedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  rawBody: string;
};

/** A loopback HTTP server whose handler sees the whole body; stop() also ends held sockets. */
export async function listenLoopback(
  handle: (request: ReceivedRequest, res: ServerResponse) => void | Promise<void>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
      };
      Promise.resolve(handle(request, res)).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** Answers `res` with a scripted answer (after its delay), the body JSON when given. */
export async function sendScripted(
  res: ServerResponse,
  answer: ScriptedAnswer,
  body?: unknown,
): Promise<void> {
  if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
  if (res.destroyed) return;
  const headers: Record<string, string> = {};
  if (answer.retryAfterSeconds !== undefined) headers['retry-after'] = String(answer.retryAfterSeconds);
  if (answer.location) headers.location = answer.location;
  if (body === undefined) {
    res.writeHead(answer.status, headers).end();
    return;
  }
  headers['content-type'] = 'application/json';
  res.writeHead(answer.status, headers).end(JSON.stringify(body));
}

/** Sends JSON with a status. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getAddress, isAddress } from 'viem';
import { buildMerklTree, type MerklReward } from './tree.ts';

/** How the server misbehaves, for fault tests: a 500, a body that is not JSON, JSON of another shape, no answer. */
type MerklFault = '500' | 'garbage' | 'wrong-shape' | 'hang';

type MerklRequest = { path: string; query: URLSearchParams };

export type StartMerklServerOptions = {
  /** The current tree's rewards (every recipient's): proofs and root come from the tree they make. */
  rewards: readonly MerklReward[];
  /** The chain the rewards are on; default 137 (Polygon). */
  chainId?: number;
};

export type MerklServer = {
  /** Base URL to use as MERKL_API_URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** Every request received, in order. */
  requests: MerklRequest[];
  /** Replace the rewards (a new tree: set its root on the distributor too, see publishMerklRewards). */
  setRewards(rewards: readonly MerklReward[]): void;
  /** Misbehave until called with null. */
  setFault(fault: MerklFault | null): void;
  stop(): Promise<void>;
};

type Answer = { statusCode: number; body: string };

const json = (statusCode: number, body: unknown): Answer => ({ statusCode, body: JSON.stringify(body) });

/** Merkl's validation error (HTTP 422), as its API answers a bad path or query. */
const validationError = (on: 'params' | 'query', property: string, message: string): Answer =>
  json(422, { type: 'validation', on, property, message, summary: message });

/** A fixed campaign id for rewards that do not name one. */
const DEFAULT_CAMPAIGN_ID = `0x${'c0ffee'.padEnd(64, '0')}` as const;

/**
 * A loopback HTTP server speaking Merkl's v4 API for the one endpoint Tidewatch uses,
 * `GET /v4/users/{address}/rewards?chainId=137`, in the shape of @merkl/api's user controller:
 * `[{ chain, rewards: [{ root, recipient, proofs, token, amount, claimed, pending, breakdowns }] }]`, amounts
 * as decimal strings of base units. Proofs and root are those of a real tree of the rewards (buildMerklTree), so
 * a claim with a served proof succeeds on a distributor holding that root.
 * @example
 * const merkl = await startMerklServer({ rewards: v3World.merkl.rewards });
 * // MERKL_API_URL=merkl.url
 */
export async function startMerklServer(options: StartMerklServerOptions): Promise<MerklServer> {
  const chainId = options.chainId ?? 137;
  const requests: MerklRequest[] = [];
  let rewards = [...options.rewards];
  let tree = buildMerklTree(rewards);
  let fault: MerklFault | null = null;

  function route(path: string, query: URLSearchParams): Answer {
    const match = path.match(/^\/v4\/users\/([^/]+)\/rewards\/?$/);
    if (!match) return json(404, { message: 'NOT_FOUND', name: 'NotFoundError' });
    const address = decodeURIComponent(match[1] ?? '');
    if (!isAddress(address, { strict: false })) {
      return validationError('params', 'address', `Expected an address, got ${address}`);
    }
    // chainId is a required array: ?chainId=137, ?chainId=137&chainId=1 or ?chainId=137,1.
    const chainIds = query.getAll('chainId').flatMap((value) => value.split(','));
    if (chainIds.length === 0) return validationError('query', 'chainId', 'Expected chainId');
    if (chainIds.some((id) => !/^\d+$/.test(id.trim()))) {
      return validationError('query', 'chainId', 'Expected a chain id (a whole number)');
    }
    if (!chainIds.map(Number).includes(chainId)) return json(200, []);
    const recipient = getAddress(address);
    const own = rewards.filter((reward) => getAddress(reward.recipient) === recipient);
    return json(200, [
      {
        chain: { id: chainId, name: 'Polygon', icon: '', liveCampaigns: 0, endOfDisputePeriod: 0 },
        rewards: own.map((reward) => {
          const claimed = reward.claimed ?? 0n;
          const pending = reward.pending ?? 0n;
          return {
            root: tree.root,
            recipient,
            proofs: tree.proofOf(reward.recipient, reward.token.address),
            token: {
              address: getAddress(reward.token.address),
              chainId,
              symbol: reward.token.symbol,
              decimals: reward.token.decimals,
            },
            amount: reward.amount.toString(),
            claimed: claimed.toString(),
            pending: pending.toString(),
            breakdowns: [
              {
                reason: 'QuickSwap V3 liquidity',
                amount: reward.amount.toString(),
                claimed: claimed.toString(),
                pending: pending.toString(),
                campaignId: reward.campaignId ?? DEFAULT_CAMPAIGN_ID,
              },
            ],
          };
        }),
      },
    ]);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ path: url.pathname, query: url.searchParams });
    // No answer at all: the socket stays open until the client gives up or the server stops.
    if (fault === 'hang') return;
    if (fault === '500') return send(res, json(500, { message: 'Internal Server Error' }));
    if (fault === 'garbage')
      return send(res, { statusCode: 200, body: '<html><body>Bad gateway</body></html>' });
    if (req.method !== 'GET') return send(res, json(404, { message: 'NOT_FOUND' }));
    const answer = route(url.pathname, url.searchParams);
    if (fault === 'wrong-shape' && answer.statusCode === 200) {
      return send(res, json(200, { rewards: 'unavailable', data: [{ amount: 12 }] }));
    }
    send(res, answer);
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
    requests,
    setRewards(next) {
      tree = buildMerklTree(next);
      rewards = [...next];
    },
    setFault(next) {
      fault = next;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function send(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.statusCode, { 'content-type': 'application/json; charset=utf-8' });
  res.end(answer.body);
}

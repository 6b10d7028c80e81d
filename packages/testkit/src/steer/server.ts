import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getAddress } from 'viem';

/** A Steer vault as Steer's smart pools list names it: the vault, the AMM pool it manages, its strategy. */
export type SteerListedVault = { vaultAddress: string; pool: string; strategyName?: string };

/** A staking pool as Steer's staking pools list names it (the fields QuickSwap's interface reads). */
export type SteerListedStakingPool = {
  stakingPool: string;
  /** The vault whose shares it stakes. */
  stakingToken: string;
  rewardTokenA: string;
  periodFinish: number;
  rewardsDuration?: number;
  chainId?: number;
  isDualFactory?: boolean;
};

export type SteerServer = {
  /** Use as STEER_API_URL (no trailing slash). */
  url: string;
  /** Use as STEER_STAKING_POOLS_URL. */
  stakingPoolsUrl: string;
  /** Every request's path and query, in order. */
  requests: { path: string; query: URLSearchParams }[];
  /** Answer HTTP 500 to everything until called with false. */
  setDown(isDown: boolean): void;
  stop(): Promise<void>;
};

/**
 * A loopback HTTP server speaking the two Steer endpoints QuickSwap's interface reads (interface-v2
 * src/hooks/v3/useSteerData.ts): `GET /getSmartPools?chainId=137&dexName=quickswap` →
 * `{ pools: { <pool>: [{ vaultAddress, strategyName, … }] } }`, and the staking pools list →
 * `{ pools: [{ chainId, protocol: 'QuickSwapV3', stakingPool, staking: { address }, stakingToken, rewardTokenA,
 * periodFinish, isDualFactory, vaultTokens, … }] }`. Another chain or dex name answers an empty `pools`, as Steer's
 * does for a pair it has no vaults on.
 * @example const steer = await startSteerServer({ vaults: [{ vaultAddress, pool }] });
 */
export async function startSteerServer(options: {
  vaults: readonly SteerListedVault[];
  stakingPools?: readonly SteerListedStakingPool[];
  chainId?: number;
}): Promise<SteerServer> {
  const chainId = options.chainId ?? 137;
  const requests: SteerServer['requests'] = [];
  let isDown = false;

  const smartPools = (query: URLSearchParams) => {
    if (query.get('chainId') !== String(chainId) || query.get('dexName') !== 'quickswap')
      return { pools: {} };
    const pools: Record<string, object[]> = {};
    for (const vault of options.vaults) {
      const pool = getAddress(vault.pool).toLowerCase();
      pools[pool] = [
        ...(pools[pool] ?? []),
        {
          vaultAddress: getAddress(vault.vaultAddress).toLowerCase(),
          strategyName: vault.strategyName ?? 'Classic Rebalance V2',
          strategyIpfsHash: 'QmTidewatchLocalSteerStrategy',
        },
      ];
    }
    return { pools };
  };
  const stakingPools = () => ({
    pools: (options.stakingPools ?? []).map((pool) => ({
      chainId: pool.chainId ?? chainId,
      protocol: 'QuickSwapV3',
      stakingPool: getAddress(pool.stakingPool),
      staking: { address: getAddress(pool.stakingToken), name: 'Steer vault shares' },
      stakingToken: getAddress(pool.stakingToken),
      rewardTokenA: getAddress(pool.rewardTokenA),
      rewardTokenB: null,
      dailyEmissionRewardA: 0,
      rewardsDuration: pool.rewardsDuration ?? 0,
      periodFinish: pool.periodFinish,
      isDualFactory: pool.isDualFactory ?? false,
    })),
  });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ path: url.pathname, query: url.searchParams });
    if (isDown) return send(res, 500, { message: 'Internal Server Error' });
    if (req.method === 'GET' && url.pathname === '/getSmartPools') {
      return send(res, 200, smartPools(url.searchParams));
    }
    if (req.method === 'GET' && url.pathname === '/dev/staking-pools') return send(res, 200, stakingPools());
    send(res, 404, { message: 'Not Found' });
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
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    stakingPoolsUrl: `${url}/dev/staking-pools`,
    requests,
    setDown(down) {
      isDown = down;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(res: ServerResponse, statusCode: number, body: unknown): void {
  res.writeHead(statusCode, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

import { router02 } from '@tidewatch/contracts';
import { baseChain, type ChainEntry } from '@tidewatch/shared/chain-registry';
import { integralAbis } from '@tidewatch/shared/integral-abis';
import { type Address, ContractFunctionExecutionError, getAddress, isAddressEqual } from 'viem';
import type { Config } from '../config.ts';
import { createOnchainPriceSource, type OnchainPriceSource } from '../prices/onchain-source.ts';
import { type ChainClient, createChainClient } from './client.ts';
import { WrongChainError } from './errors.ts';
import { polygon } from './polygon.ts';

/** What the start-up check found: on, refused (the reason for the operator), or not known yet (tried again). */
type ChainCheck =
  | { status: 'on' }
  | { status: 'refused'; reason: string }
  | { status: 'checking'; reason: string | null };

/** A chain beside Polygon that this instance reads (issue 47): its client, its price rule, and its check. */
export type OtherChain = {
  entry: ChainEntry;
  chain: ChainClient;
  prices: OnchainPriceSource;
  /** The check's verdict, running it the first time and again after a failure to reach the chain. */
  check(): Promise<ChainCheck>;
};

/** How long a check that could not reach the chain waits before it is tried again. */
const recheckAfterMs = 30_000;

/**
 * The chains beside Polygon that have an RPC configured (BASE_RPC_URL): each with a client and its own price rule
 * (its V2 pairs against its USDC and wrapped native token). A chain without an RPC is not here: GET /api/chains
 * says it is off and which variable turns it on.
 */
export function createOtherChains(
  config: Pick<Config, 'baseRpcUrls' | 'multicallBatchBytes'>,
  /** The clients' patience (the fault suite's: a hung node costs a second, not ten). */
  client: { timeoutMs?: number; retryCount?: number } = {},
): OtherChain[] {
  const configured: { entry: ChainEntry; rpcUrls: string[] }[] = [
    { entry: baseChain, rpcUrls: config.baseRpcUrls },
  ];
  return configured
    .filter(({ rpcUrls }) => rpcUrls.length > 0)
    .map(({ entry, rpcUrls }) => {
      const chain = createChainClient({
        rpcUrls,
        chainId: entry.id,
        multicall3Address: polygon.multicall3,
        maxCalldataBytes: config.multicallBatchBytes,
        ...client,
      });
      return { entry, chain, prices: pricesOn(entry, chain), check: checkOnce(entry, chain) };
    });
}

function pricesOn(entry: ChainEntry, chain: ChainClient): OnchainPriceSource {
  return createOnchainPriceSource({
    chain,
    factory: entry.products.v2?.factory,
    usdc: entry.usdc,
    wmatic: entry.wrappedNative,
    hubs: [...entry.priceHubs],
    // One QUICK on this chain, no redenomination and no lair to price through.
    quick: null,
    lairs: [],
  });
}

/** Runs verifyChainContracts once; a verdict stays, a chain that could not be reached is tried again later. */
function checkOnce(entry: ChainEntry, chain: ChainClient): () => Promise<ChainCheck> {
  let verdict: ChainCheck | undefined;
  let triedAt = 0;
  let running: Promise<ChainCheck> | undefined;
  return () => {
    if (verdict && (verdict.status !== 'checking' || Date.now() - triedAt < recheckAfterMs)) {
      return Promise.resolve(verdict);
    }
    running ??= verifyChainContracts(chain, entry)
      .then((found) => {
        verdict = found;
        triedAt = Date.now();
        return found;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}

/**
 * Checks that the configured RPC is `entry`'s chain and that QuickSwap's contracts are what the registry says:
 * code at every address, the V4 factory's pool deployer and pool init-code hash, the position manager's factory
 * and pool deployer, the V2 router's factory. Anything else is refused, naming the address and what it answered;
 * a chain that cannot be reached is 'checking' (asked again later), never taken for a refusal.
 */
async function verifyChainContracts(chain: ChainClient, entry: ChainEntry): Promise<ChainCheck> {
  try {
    await chain.assertChainId();
    const { v2, v4, syrups } = entry.products;
    const named: [string, Address][] = [
      ...(v2
        ? ([
            ['V2 factory', v2.factory],
            ['V2 router', v2.router],
          ] as [string, Address][])
        : []),
      ...(v4
        ? ([
            ['V4 factory', v4.factory],
            ['V4 pool deployer', v4.poolDeployer],
            ['V4 position manager', v4.positionManager],
          ] as [string, Address][])
        : []),
      ...(syrups ? ([['QUICK', syrups.quick]] as [string, Address][]) : []),
    ];
    const codes = await Promise.all(named.map(([, address]) => chain.publicClient.getCode({ address })));
    const missing = named.filter((_, i) => !codes[i] || codes[i] === '0x');
    if (missing.length > 0) {
      return refused(
        entry,
        missing.map(([name, address]) => `no contract at ${address} (${name})`).join('; '),
      );
    }
    const read = <T>(address: Address, abi: readonly unknown[], functionName: string) =>
      chain.publicClient.readContract({ address, abi, functionName } as never) as Promise<T>;
    const mismatches: string[] = [];
    const expect = (what: string, answered: string, wanted: string) => {
      if (answered.toLowerCase() !== wanted.toLowerCase())
        mismatches.push(`${what} is ${answered}, not ${wanted}`);
    };
    if (v4) {
      const [deployer, hash, npmFactory, npmDeployer] = await Promise.all([
        read<Address>(v4.factory, integralAbis.factory, 'poolDeployer'),
        read<string>(v4.factory, integralAbis.factory, 'POOL_INIT_CODE_HASH'),
        read<Address>(v4.positionManager, integralAbis.positionManager, 'factory'),
        read<Address>(v4.positionManager, integralAbis.positionManager, 'poolDeployer'),
      ]);
      expect(`the V4 factory's poolDeployer()`, getAddress(deployer), v4.poolDeployer);
      expect(`the V4 factory's POOL_INIT_CODE_HASH()`, hash, v4.poolInitCodeHash);
      expect(`the V4 position manager's factory()`, getAddress(npmFactory), v4.factory);
      expect(`the V4 position manager's poolDeployer()`, getAddress(npmDeployer), v4.poolDeployer);
    }
    if (v2) {
      const routerFactory = await read<Address>(v2.router, router02.abi, 'factory');
      if (!isAddressEqual(routerFactory, v2.factory)) {
        mismatches.push(`the V2 router's factory() is ${getAddress(routerFactory)}, not ${v2.factory}`);
      }
    }
    return mismatches.length > 0 ? refused(entry, mismatches.join('; ')) : { status: 'on' };
  } catch (error) {
    if (error instanceof WrongChainError)
      return refused(entry, `its RPC serves chain ${error.actualChainId}`);
    // A contract that answers a check's call with a revert (or nothing) is not the contract the registry names.
    if (error instanceof ContractFunctionExecutionError) {
      return refused(
        entry,
        `${error.contractAddress ?? 'a contract'} does not answer ${error.functionName}() as it should`,
      );
    }
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      status: 'checking',
      reason: `${entry.rpcVariable} could not be reached (${why}): tried again shortly`,
    };
  }
}

const refused = (entry: ChainEntry, why: string): ChainCheck => ({
  status: 'refused',
  reason: `${entry.name} is off: ${why}. Check ${entry.rpcVariable} points at ${entry.name} (chain id ${entry.id}).`,
});

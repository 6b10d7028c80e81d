// The chain registry, zod-free: the browser's action builders read it without bringing zod into a route's first
// load (decision 016); chains.ts re-exports it beside the wire schemas.

/**
 * Where QuickSwap runs (issue 47): each chain Tidewatch knows, its native token and wrapped token, its explorer,
 * how its blocks become final, and per product the contracts a reader or an action calls. One registry for the
 * server (configuration defaults, the start-up check) and the browser (names, explorer links, switching the
 * wallet's chain). Sources: quickswap-onchain.md, quickswap-v3-onchain.md and quickswap-chains-2026.md (§2.1 for
 * Base: rotki, VeloraDEX's config, DefiLlama's adapters, QuickSwap's voting config; the Integral pool hash is
 * npm @cryptoalgebra/integral-core@1.2.1's, computed).
 */

/** QuickSwap V2 (a Uniswap V2 fork): its factory, router and the pairs' CREATE2 init-code hash. */
type V2Product = { factory: `0x${string}`; router: `0x${string}`; pairInitCodeHash: `0x${string}` };

/**
 * QuickSwap V4 = Algebra Integral: the factory, the pool deployer every pool (and every custom pool) is created
 * by, the position manager, and the pools' CREATE2 init-code hash (the factory answers it: POOL_INIT_CODE_HASH).
 */
type IntegralProduct = {
  version: '1.2.1';
  factory: `0x${string}`;
  poolDeployer: `0x${string}`;
  positionManager: `0x${string}`;
  swapRouter: `0x${string}`;
  poolInitCodeHash: `0x${string}`;
};

/** QUICK staked for another token (syrup pools, StakingRewards code): the chain's QUICK and the listed pools. */
type SyrupProduct = { quick: `0x${string}`; pools: readonly `0x${string}`[] };

export type ChainEntry = {
  id: number;
  /** As a person names it. */
  name: string;
  /** The environment variable that turns the chain on (its JSON-RPC URLs, comma-separated). */
  rpcVariable: string;
  nativeCurrency: { name: string; symbol: string; decimals: 18 };
  /** The ERC-20 wrapper of the native token (WPOL, WETH): pools hold it, not the native token. */
  wrappedNative: `0x${string}`;
  /** The stablecoin USD prices are read against, and the hubs a token may be priced through. */
  usdc: `0x${string}`;
  priceHubs: readonly `0x${string}`[];
  explorerUrl: string;
  /** A public RPC a wallet may be given when it lacks the chain (wallet_addEthereumChain). */
  publicRpcUrl: string;
  /** How the chain's blocks become final: its node's `finalized` tag (both chains have it). */
  finality: 'finalized';
  /** QuickSwap's products here; a product absent is not offered on this chain. */
  products: { v2?: V2Product; v4?: IntegralProduct; syrups?: SyrupProduct };
  /**
   * Merkl's Distributor, one address on every chain (quickswap-chains-2026.md §5): the wallet's Merkl rewards there
   * (whether QuickSwap runs Merkl campaigns on the chain is UNCONFIRMED for Base: none may be listed).
   */
  merklDistributor?: `0x${string}`;
};

/** Uniswap V2's pair init-code hash, QuickSwap's V2 on both chains (quickswap-chains-2026.md §2.1, §2.2). */
const uniswapV2PairInitCodeHash = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f';

export const polygonChain = {
  id: 137,
  name: 'Polygon',
  rpcVariable: 'POLYGON_RPC_URL',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  wrappedNative: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
  usdc: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174',
  priceHubs: ['0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', '0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6'],
  explorerUrl: 'https://polygonscan.com',
  publicRpcUrl: 'https://polygon-rpc.com',
  finality: 'finalized',
  // V2, V3 (Algebra V1.0), the farms, lairs and syrups on Polygon are configured as before (POLYGON_* and the
  // V3_* variables). Polygon's V4 stays off: two Integral factories were seen there, neither's pool deployer,
  // position manager or init-code hash is confirmed (quickswap-chains-2026.md §2.3).
  products: {},
} as const satisfies ChainEntry;

export const baseChain = {
  id: 8453,
  name: 'Base',
  rpcVariable: 'BASE_RPC_URL',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  // Base's WETH, an OP Stack predeploy.
  wrappedNative: '0x4200000000000000000000000000000000000006',
  // Circle's native USDC on Base.
  usdc: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  priceHubs: [],
  explorerUrl: 'https://basescan.org',
  publicRpcUrl: 'https://mainnet.base.org',
  finality: 'finalized',
  merklDistributor: '0x3Ef3D8bA38EBe18DB133cEc108f4D14CE00Dd9Ae',
  products: {
    v2: {
      factory: '0xEC6540261aaaE13F236A032d454dc9287E52e56A',
      router: '0x4a012af2b05616Fb390ED32452641C3F04633bb5',
      pairInitCodeHash: uniswapV2PairInitCodeHash,
    },
    v4: {
      version: '1.2.1',
      factory: '0xC5396866754799B9720125B104AE01d935Ab9C7b',
      poolDeployer: '0xE08026Fd8537d67C501199610c42D08bB34eAa75',
      positionManager: '0x84715977598247125C3D6E2e85370d1F6fDA1eaF',
      swapRouter: '0xe6c9bb24ddB4aE5c6632dbE0DE14e3E474c6Cb04',
      poolInitCodeHash: '0xa18736c3ee97fe3c96c9428c0cc2a9116facec18e84f95f9da30543f8238a782',
    },
    syrups: {
      quick: '0x7094c27f342DBAdfbbeD005b219431595E33b305',
      // QuickSwap's default stake list v1.0.12, key 8453: earn QUICK, earn SPRK, and an ended test pool.
      pools: [
        '0xfcd61a88B5B7D9991211Cbd89ec67e0114e5415A',
        '0x3f10a5343d8c2Df7E0C4964582Df78B0534117fE',
        '0x9908aaDEc872687a3a0Ee842b25ac38E67833994',
      ],
    },
  },
} as const satisfies ChainEntry;

/** Every chain Tidewatch knows, Polygon first (the default). */
export const chainRegistry: readonly ChainEntry[] = [polygonChain, baseChain];

/** The registry's entry for `chainId`, or undefined for a chain Tidewatch does not know. */
export function chainEntry(chainId: number): ChainEntry | undefined {
  return chainRegistry.find((chain) => chain.id === chainId);
}

import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';

/**
 * Algebra Integral 1.2.1 as npm ships it, the bytecode QuickSwap V4 runs on Base (the pool's init-code hash,
 * 0xa18736c3…a782, is this package's AlgebraPool; quickswap-chains-2026.md §3): read from the packages' own
 * artifacts, unchanged, for the test kit to deploy. The app reads them through integral-abis.ts.
 */
export type IntegralArtifact = { abi: Abi; bytecode: Hex; deployedBytecode: Hex };

const require = createRequire(import.meta.url);
const load = (path: string): IntegralArtifact => {
  const { abi, bytecode, deployedBytecode } = require(path) as IntegralArtifact;
  return { abi, bytecode, deployedBytecode };
};

const core = '@cryptoalgebra/integral-core/artifacts/contracts';
const periphery = '@cryptoalgebra/integral-periphery/artifacts/contracts';

export const integralArtifacts = {
  /** constructor(poolDeployer): pools by CREATE2 from the deployer; createPool, createCustomPool, poolByPair. */
  factory: load(`${core}/AlgebraFactory.sol/AlgebraFactory.json`),
  /** constructor(factory): deploy(plugin, token0, token1, deployer), only the factory may call it. */
  poolDeployer: load(`${core}/AlgebraPoolDeployer.sol/AlgebraPoolDeployer.json`),
  pool: load(`${core}/AlgebraPool.sol/AlgebraPool.json`),
  /** constructor(factory, WNativeToken, tokenDescriptor, poolDeployer). */
  positionManager: load(`${periphery}/NonfungiblePositionManager.sol/NonfungiblePositionManager.json`),
  /** constructor(factory, WNativeToken, poolDeployer). */
  swapRouter: load(`${periphery}/SwapRouter.sol/SwapRouter.json`),
} as const;

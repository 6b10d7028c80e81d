import {
  algebraEternalFarming,
  algebraFactory,
  algebraLimitFarming,
  algebraPoolDeployer,
  algebraSwapRouter,
  farmingCenter as farmingCenterArtifact,
  farmingCenterVault as farmingCenterVaultArtifact,
  nftDescriptor,
  nonfungiblePositionManager,
  nonfungibleTokenPositionDescriptor,
} from '@tidewatch/contracts';
import type { Address, Hex } from 'viem';
import type { TxSender } from './tx-sender.ts';

/** Limit farming's constructor bounds, as AV1's src/tokenomics/scripts/deploy.js sets them (30 and 730 days). */
const LIMIT_FARMING_MAX_LEAD_SECONDS = 2_592_000n;
const LIMIT_FARMING_MAX_DURATION_SECONDS = 63_072_000n;

export type AlgebraContracts = {
  poolDeployer: Address;
  factory: Address;
  tokenDescriptor: Address;
  positionManager: Address;
  swapRouter: Address;
  eternalFarming: Address;
  limitFarming: Address;
  farmingCenterVault: Address;
  farmingCenter: Address;
};

/** Writes a library's address over its `__$…$__` placeholders in creation code (what hardhat's linker does). */
function linkLibrary(
  bytecode: Hex,
  references: readonly { start: number; length: number }[],
  library: Address,
): Hex {
  let linked = bytecode.slice(2);
  for (const { start, length } of references) {
    linked = `${linked.slice(0, start * 2)}${library.slice(2).toLowerCase()}${linked.slice((start + length) * 2)}`;
  }
  return `0x${linked}`;
}

/**
 * Deploys and wires Algebra V1.0 as QuickSwap V3 runs it (quickswap-v3-onchain.md §2, "Deploy wiring"):
 * PoolDeployer then setFactory; Factory(poolDeployer, vault); the token descriptor linked to its NFTDescriptor
 * library; NPM(factory, WNative, tokenDescriptor, poolDeployer); SwapRouter(factory, WNative, poolDeployer);
 * Eternal and Limit farming(poolDeployer, npm); FarmingCenterVault; FarmingCenter(limit, eternal, npm, vault)
 * (its constructor reads npm.WNativeToken(), so after the NPM); then the vault and both farmings told the
 * FarmingCenter, the deployer made incentive maker, and factory.setFarmingAddress(farmingCenter) (pools accept
 * an incentive only from it). The factory's community-fee vault is the deployer: Polygon's is not needed here.
 * Sends only; the caller flushes.
 */
export async function deployAlgebraContracts(
  tx: TxSender,
  d: Address,
  wNative: Address,
): Promise<AlgebraContracts> {
  const poolDeployer = await tx.deploy(d, algebraPoolDeployer, [], 'Algebra pool deployer');
  const factory = await tx.deploy(d, algebraFactory, [poolDeployer, d], 'Algebra factory');
  await tx.call(d, poolDeployer, algebraPoolDeployer.abi, 'setFactory', [factory]);

  const library = await tx.deploy(d, nftDescriptor, [], 'NFTDescriptor library');
  const references =
    nonfungibleTokenPositionDescriptor.linkReferences['contracts/libraries/NFTDescriptor.sol'].NFTDescriptor;
  const tokenDescriptor = await tx.deploy(
    d,
    {
      abi: nonfungibleTokenPositionDescriptor.abi,
      bytecode: linkLibrary(nonfungibleTokenPositionDescriptor.bytecode, references, library),
    },
    [wNative],
    'position token descriptor',
  );
  const positionManager = await tx.deploy(
    d,
    nonfungiblePositionManager,
    [factory, wNative, tokenDescriptor, poolDeployer],
    'position manager',
  );
  const swapRouter = await tx.deploy(
    d,
    algebraSwapRouter,
    [factory, wNative, poolDeployer],
    'V3 swap router',
  );

  const eternalFarming = await tx.deploy(
    d,
    algebraEternalFarming,
    [poolDeployer, positionManager],
    'eternal farming',
  );
  const limitFarming = await tx.deploy(
    d,
    algebraLimitFarming,
    [poolDeployer, positionManager, LIMIT_FARMING_MAX_LEAD_SECONDS, LIMIT_FARMING_MAX_DURATION_SECONDS],
    'limit farming',
  );
  const farmingCenterVault = await tx.deploy(d, farmingCenterVaultArtifact, [], 'farming center vault');
  const farmingCenter = await tx.deploy(
    d,
    farmingCenterArtifact,
    [limitFarming, eternalFarming, positionManager, farmingCenterVault],
    'farming center',
  );

  await tx.call(d, farmingCenterVault, farmingCenterVaultArtifact.abi, 'setFarmingCenter', [farmingCenter]);
  for (const [farming, abi] of [
    [eternalFarming, algebraEternalFarming.abi],
    [limitFarming, algebraLimitFarming.abi],
  ] as const) {
    await tx.call(d, farming, abi, 'setFarmingCenterAddress', [farmingCenter]);
    await tx.call(d, farming, abi, 'setIncentiveMaker', [d]);
  }
  await tx.call(d, factory, algebraFactory.abi, 'setFarmingAddress', [farmingCenter]);

  return {
    poolDeployer,
    factory,
    tokenDescriptor,
    positionManager,
    swapRouter,
    eternalFarming,
    limitFarming,
    farmingCenterVault,
    farmingCenter,
  };
}

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
import type { Anvil } from '../anvil.ts';
import { placeContracts } from './place-contracts.ts';
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
 * QuickSwap V3's contracts at their addresses on Polygon (quickswap-v3-onchain.md §2, interface-v2's addresses.ts):
 * the test world puts the npm bytecode there, as the Base world does for Integral. The token descriptor and the
 * farming center's vault have no published address and stay where they were deployed.
 */
const polygonV3Addresses = {
  poolDeployer: '0x2D98E2FA9da15aa6dC9581AB097Ced7af697CB92',
  factory: '0x411b0fAcC3489691f28ad58c47006AF5E3Ab3A28',
  positionManager: '0x8eF88E4c7CfbbaC1C163f7eddd4B578792201de6',
  swapRouter: '0xf5b509bB0909a69B1c207E495f687a596C168E12',
  eternalFarming: '0x8a26436e41d0b5fc4C6Ed36C1976fafBe173444E',
  limitFarming: '0x9923f42a02A82dA63EE0DbbC5f8E311e3DD8A1f8',
  farmingCenter: '0x7F281A8cdF66eF5e9db8434Ec6D97acc1bc01E78',
} as const satisfies Record<string, Address>;

/**
 * Deploys and wires Algebra V1.0 as QuickSwap V3 runs it (quickswap-v3-onchain.md §2, "Deploy wiring"), each contract
 * at its real Polygon address (polygonV3Addresses): built with the real addresses of the contracts it names
 * (immutables), then moved there with its storage (placeContracts). In two rounds, because FarmingCenter's constructor
 * reads npm.WNativeToken(): PoolDeployer; Factory(poolDeployer, vault); the token descriptor linked to its
 * NFTDescriptor library; NPM(factory, WNative, tokenDescriptor, poolDeployer); SwapRouter(factory, WNative,
 * poolDeployer); Eternal and Limit farming(poolDeployer, npm); FarmingCenterVault; all moved; then
 * FarmingCenter(limit, eternal, npm, vault), moved; then, at the real addresses, poolDeployer.setFactory, the vault and
 * both farmings told the FarmingCenter, the deployer made incentive maker, and factory.setFarmingAddress(farmingCenter)
 * (pools accept an incentive only from it). The factory's community-fee vault is the deployer: Polygon's is not needed
 * here. Sends the setters only; the caller flushes.
 */
export async function deployAlgebraContracts(
  anvil: Anvil,
  tx: TxSender,
  d: Address,
  wNative: Address,
): Promise<AlgebraContracts> {
  const real = polygonV3Addresses;
  const poolDeployer = await tx.deploy(d, algebraPoolDeployer, [], 'Algebra pool deployer');
  const factory = await tx.deploy(d, algebraFactory, [real.poolDeployer, d], 'Algebra factory');

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
    [real.factory, wNative, tokenDescriptor, real.poolDeployer],
    'position manager',
  );
  const swapRouter = await tx.deploy(
    d,
    algebraSwapRouter,
    [real.factory, wNative, real.poolDeployer],
    'V3 swap router',
  );
  const eternalFarming = await tx.deploy(
    d,
    algebraEternalFarming,
    [real.poolDeployer, real.positionManager],
    'eternal farming',
  );
  const limitFarming = await tx.deploy(
    d,
    algebraLimitFarming,
    [
      real.poolDeployer,
      real.positionManager,
      LIMIT_FARMING_MAX_LEAD_SECONDS,
      LIMIT_FARMING_MAX_DURATION_SECONDS,
    ],
    'limit farming',
  );
  const farmingCenterVault = await tx.deploy(d, farmingCenterVaultArtifact, [], 'farming center vault');
  await tx.assertAllSucceeded();
  await placeContracts(anvil, [
    { from: poolDeployer, to: real.poolDeployer },
    { from: factory, to: real.factory },
    { from: positionManager, to: real.positionManager },
    { from: swapRouter, to: real.swapRouter },
    { from: eternalFarming, to: real.eternalFarming },
    { from: limitFarming, to: real.limitFarming },
  ]);
  const farmingCenter = await tx.deploy(
    d,
    farmingCenterArtifact,
    [real.limitFarming, real.eternalFarming, real.positionManager, farmingCenterVault],
    'farming center',
  );
  await tx.assertAllSucceeded();
  await placeContracts(anvil, [{ from: farmingCenter, to: real.farmingCenter }]);

  await tx.call(d, real.poolDeployer, algebraPoolDeployer.abi, 'setFactory', [real.factory]);
  await tx.call(d, farmingCenterVault, farmingCenterVaultArtifact.abi, 'setFarmingCenter', [
    real.farmingCenter,
  ]);
  for (const [farming, abi] of [
    [real.eternalFarming, algebraEternalFarming.abi],
    [real.limitFarming, algebraLimitFarming.abi],
  ] as const) {
    await tx.call(d, farming, abi, 'setFarmingCenterAddress', [real.farmingCenter]);
    await tx.call(d, farming, abi, 'setIncentiveMaker', [d]);
  }
  await tx.call(d, real.factory, algebraFactory.abi, 'setFarmingAddress', [real.farmingCenter]);

  return {
    poolDeployer: real.poolDeployer,
    factory: real.factory,
    tokenDescriptor,
    positionManager: real.positionManager,
    swapRouter: real.swapRouter,
    eternalFarming: real.eternalFarming,
    limitFarming: real.limitFarming,
    farmingCenterVault,
    farmingCenter: real.farmingCenter,
  };
}

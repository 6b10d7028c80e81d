export {
  type DiscordServer,
  startDiscordServer,
} from './alert-receivers/discord-server.ts';
export type { ScriptedAnswer } from './alert-receivers/http-fake.ts';
export {
  startTelegramServer,
  type TelegramServer,
} from './alert-receivers/telegram-server.ts';
export {
  startWebhookReceiver,
  type WebhookReceiver,
} from './alert-receivers/webhook-receiver.ts';
export { type Anvil, startAnvil } from './anvil.ts';
export { cmcListingsForWorld, NEW_QUICK_POLYGON_ADDRESS } from './cmc/listings.ts';
export { type CmcServer, startCmcServer } from './cmc/server.ts';
export { type MerklServer, startMerklServer } from './merkl/server.ts';
export { getFreePort } from './ports.ts';
export { type RpcProxy, startRpcProxy } from './rpc-proxy.ts';
export { type SmtpTestServer, startSmtpServer } from './smtp/server.ts';
export { type SteerServer, startSteerServer } from './steer/server.ts';
export { createTestWalletBridge, type TestWalletBridge } from './wallet/bridge.ts';
export { testWalletInitScript } from './wallet/init-script.ts';
export { installTestWallet } from './wallet/install.ts';
export { type TestAccount, testAccounts } from './world/accounts.ts';
export { v3WorldAppEnv, worldAppEnv, worldPriceOptions } from './world/app-config.ts';
export { type BaseWorld, startBaseWorld } from './world/base-world.ts';
export { deployQuickswapWorld } from './world/deploy.ts';
export {
  BulkSender,
  deployFarmGenerations,
  type GenerationFarm,
  stakeInFarms,
} from './world/farm-generations.ts';
export { deployGammaVault, type GammaVault } from './world/gamma-deploy.ts';
export { mineBlockAt, sendTippedCall, setAutomine } from './world/next-block.ts';
export { copyContract, placeFarmsAt, placeRouterAt } from './world/registry-farms.ts';
export { shortenFarmRewards } from './world/short-rewards.ts';
export { type FarmKey, type PairKey, type TokenKey, tokenSpecs } from './world/spec.ts';
export { swapExactIn } from './world/swap.ts';
export { seedLairAndSyrupStakes } from './world/syrups.ts';
export { TxSender } from './world/tx-sender.ts';
export type { World, WorldFarm } from './world/types.ts';
export { quickswapFarmUrl } from './world/urls.ts';
export { deployV3World } from './world/v3-deploy.ts';
export { FULL_RANGE } from './world/v3-math.ts';
export { addV3Positions, mintV3Position } from './world/v3-positions.ts';
export type { V3PositionKey } from './world/v3-spec.ts';
export { movePriceAcrossRange, moveV3Price, swapV3 } from './world/v3-swap.ts';
export type { V3World } from './world/v3-types.ts';
export {
  DEFIEDGE_MINICHEF_POLYGON_ADDRESS,
  DEFIEDGE_STRATEGY_POLYGON_ADDRESS,
  type DefiEdgeStrategyDeployment,
  deployDefiEdgeStrategy,
  deployIchiVault,
  deploySteerVault,
  ICHI_VAULT_POLYGON_ADDRESS,
  type IchiVaultDeployment,
  type SteerVaultDeployment,
} from './world/vault-managers-deploy.ts';

export { type Anvil, startAnvil } from './anvil.ts';
export { cmcListingsForWorld, NEW_QUICK_POLYGON_ADDRESS } from './cmc/listings.ts';
export { type CmcServer, startCmcServer } from './cmc/server.ts';
export { getFreePort } from './ports.ts';
export { type RpcProxy, startRpcProxy } from './rpc-proxy.ts';
export { type SmtpTestServer, startSmtpServer } from './smtp/server.ts';
export { createTestWalletBridge, type TestWalletBridge } from './wallet/bridge.ts';
export { testWalletInitScript } from './wallet/init-script.ts';
export { installTestWallet } from './wallet/install.ts';
export { type TestAccount, testAccounts } from './world/accounts.ts';
export { worldAppEnv, worldPriceOptions } from './world/app-config.ts';
export { deployQuickswapWorld } from './world/deploy.ts';
export {
  BulkSender,
  deployFarmGenerations,
  type GenerationFarm,
  stakeInFarms,
} from './world/farm-generations.ts';
export { placeFarmsAt, placeRouterAt } from './world/registry-farms.ts';
export { shortenFarmRewards } from './world/short-rewards.ts';
export { type FarmKey, type PairKey, type TokenKey, tokenSpecs } from './world/spec.ts';
export { swapExactIn } from './world/swap.ts';
export { TxSender } from './world/tx-sender.ts';
export type { World, WorldFarm } from './world/types.ts';
export { quickswapFarmUrl } from './world/urls.ts';

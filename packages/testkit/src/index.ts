export {
  type Anvil,
  type AnvilClient,
  localPolygonChain,
  resolveAnvilBinary,
  type StartAnvilOptions,
  startAnvil,
} from './anvil.ts';
export { type CmcListing, cmcListingsForWorld, NEW_QUICK_POLYGON_ADDRESS } from './cmc/listings.ts';
export { type CmcRequest, type CmcServer, type StartCmcServerOptions, startCmcServer } from './cmc/server.ts';
export { getFreePort } from './ports.ts';
export { type InjectOptions, type RpcFault, type RpcProxy, startRpcProxy } from './rpc-proxy.ts';
export { decodeEncodedWords, decodeQuotedPrintable, type ParsedMail, parseMail } from './smtp/mail-decode.ts';
export { type ReceivedMail, type SmtpTestServer, startSmtpServer } from './smtp/server.ts';
export {
  type CreateTestWalletBridgeOptions,
  createTestWalletBridge,
  type TestWalletBridge,
  type WalletAnswer,
  type WalletError,
} from './wallet/bridge.ts';
export { type TestWalletInitOptions, testWalletInitScript } from './wallet/init-script.ts';
export { type InstalledTestWallet, installTestWallet } from './wallet/install.ts';
export { type TestAccount, testAccounts } from './world/accounts.ts';
export { worldAppEnv, worldPriceOptions } from './world/app-config.ts';
export { deployQuickswapWorld } from './world/deploy.ts';
export {
  BulkSender,
  deployFarmGenerations,
  type FarmGenerationsOptions,
  type GenerationFarm,
  stakeInFarms,
} from './world/farm-generations.ts';
export { placeFarmsAt } from './world/registry-farms.ts';
export {
  ACCRUAL_SECONDS,
  type FarmKey,
  farmSpecs,
  type LairKey,
  lairSpecs,
  type PairKey,
  pairSpecs,
  type TokenKey,
  tokenSpecs,
} from './world/spec.ts';
export { swapExactIn } from './world/swap.ts';
export { TxSender } from './world/tx-sender.ts';
export type { World, WorldDualFarm, WorldFarm, WorldLpFarm, WorldPair, WorldToken } from './world/types.ts';
export { quickswapFarmUrl } from './world/urls.ts';

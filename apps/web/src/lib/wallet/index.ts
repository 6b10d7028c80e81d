export { getChainName, getExplorerAddressUrl, getKnownChain, knownChains, toChainNumber } from './chains.ts';
export { type DiscoveredWallet, type Eip1193Provider, metamaskRdns, pickWallet } from './discover-wallets.ts';
export { WalletConnectControl, type WalletConnectControlProps } from './wallet-connect-control.tsx';
export {
  useWallet,
  type WalletContextValue,
  WalletProvider,
  type WalletStatus,
} from './wallet-context.tsx';
export { walletEnvironment } from './wallet-environment.ts';
export {
  accountChangedMessage,
  getWalletErrorCode,
  networkChangedMessage,
  toWalletRequestError,
  WalletRequestError,
  walletErrorCodes,
  walletMessages,
} from './wallet-messages.ts';

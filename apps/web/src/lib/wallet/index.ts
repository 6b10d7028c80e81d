export { WalletConnectControl, type WalletConnectControlProps } from './wallet-connect-control.tsx';
export {
  useWallet,
  type WalletContextValue,
  WalletProvider,
  type WalletStatus,
} from './wallet-context.tsx';

export { WalletConnectControl } from './wallet-connect-control.tsx';
export { useWallet, WalletProvider } from './wallet-context.tsx';

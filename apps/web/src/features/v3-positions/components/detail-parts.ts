import type { ReturnsPoint, Wallet } from '@tidewatch/shared';
import type { ComponentType } from 'react';

/** The wallet chooser's props: the farms feature's 'choose wallet to track' takes these. */
type WalletChooserProps = {
  onChoose: (wallet: Wallet) => void;
  onClose: () => void;
  isTracking: boolean;
};

/**
 * What a position's detail borrows from the farms feature, handed in by the app layer (a feature never
 * imports another's components, decision 018): the 'choose wallet to track' panel and the value-over-time
 * chart.
 */
export type DetailParts = {
  WalletChooser: ComponentType<WalletChooserProps>;
  ValueChart: ComponentType<{ chart: ReturnsPoint[] }>;
};

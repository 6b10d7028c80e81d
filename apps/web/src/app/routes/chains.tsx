import { chainsTool } from '@tidewatch/shared/chains-tool';
import { Page } from '../../components/index.ts';
import { ChainsScreen } from '../../features/chains/components/chains-screen.tsx';

/** /quickswap/chains (issue 47): QuickSwap on every chain this instance reads, each saved wallet on each. */
export function ChainsRoute() {
  return (
    <Page title={chainsTool.toolHeading}>
      <ChainsScreen />
    </Page>
  );
}

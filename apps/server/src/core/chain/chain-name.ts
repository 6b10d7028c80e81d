import { chainEntry } from '@tidewatch/shared/chain-registry';

/**
 * The name a chain goes by in alerts and exports ('Polygon', 'Base'): the registry's, or its id for a chain it does
 * not know. Every alert and export names its chain (issue 47).
 */
export function chainNameOf(chainId: number): string {
  return chainEntry(chainId)?.name ?? `chain ${chainId}`;
}

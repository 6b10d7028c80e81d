import type { FarmKind } from '@tidewatch/shared';
import type { Address } from 'viem';

/** A farm contract and its kind (which ABI reads it). */
export type FarmRef = { address: Address; kind: FarmKind };

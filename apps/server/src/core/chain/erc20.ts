import { testErc20 } from '@tidewatch/contracts';
import { type Address, decodeAbiParameters, type Hex, hexToString, size } from 'viem';
import type { ReadPlan } from './read-plan.ts';

export type TokenInfo = { address: Address; symbol: string; name: string | null; decimals: number };

/**
 * Decodes `symbol()`/`name()` whether the token returns a string (the standard) or a bytes32
 * (older tokens such as MKR). A bytes32 answer is exactly 32 bytes; an ABI string is at least 64.
 */
export function decodeStringOrBytes32(data: Hex): string {
  if (size(data) === 32) return hexToString(data, { size: 32 }).replace(/\0+$/, '');
  const [value] = decodeAbiParameters([{ type: 'string' }], data);
  return value;
}

/** Adds the reads for a token's symbol, name (optional) and decimals to a plan; fills `into` when run. */
export function planTokenReads(plan: ReadPlan, address: Address, into: (token: TokenInfo) => void): void {
  const token: TokenInfo = { address, symbol: '', name: null, decimals: 0 };
  const abi = testErc20.abi;
  plan.add<string>(
    {
      label: `token ${address}: symbol()`,
      address,
      abi,
      functionName: 'symbol',
      decode: decodeStringOrBytes32,
    },
    (v) => {
      token.symbol = v;
    },
  );
  plan.addOptional<string>(
    { label: `token ${address}: name()`, address, abi, functionName: 'name', decode: decodeStringOrBytes32 },
    (v) => {
      token.name = v;
    },
  );
  plan.add<number>({ label: `token ${address}: decimals()`, address, abi, functionName: 'decimals' }, (v) => {
    token.decimals = Number(v);
    into(token);
  });
}

/**
 * Builders of `as const` JSON ABI fragments, so viem infers argument and return types from a fragment written in
 * a line: the V3 actions' (v3-action-abis.ts) and Algebra Integral's (integral-abis.ts). Each set is checked
 * against the deployed contracts' artifacts in packages/contracts.
 */

export type AbiParam = {
  readonly name: string;
  readonly type: string;
  readonly components?: readonly AbiParam[];
};

export const p = <const N extends string, const T extends string>(name: N, type: T) =>
  ({ name, type }) as const;

export const tuple = <const N extends string, const C extends readonly AbiParam[]>(name: N, components: C) =>
  ({ name, type: 'tuple', components }) as const;

export const fn = <
  const N extends string,
  const I extends readonly AbiParam[],
  const O extends readonly AbiParam[],
  const M extends 'view' | 'nonpayable' | 'payable',
>(
  name: N,
  inputs: I,
  outputs: O,
  stateMutability: M,
) => ({ type: 'function', name, inputs, outputs, stateMutability }) as const;

/**
 * How the fragment tests compare an app's ABI fragment with a deployed contract's artifact: by what a call encodes,
 * decodes and may send value with (`name(inputs) mutability returns (outputs)`, tuples spelled out). Tests only.
 */
type Param = { type: string; components?: readonly Param[] };
type Item = {
  type: string;
  name?: string;
  stateMutability?: string;
  inputs?: readonly Param[];
  outputs?: readonly Param[];
};

/** A parameter's type with tuples spelled out: what encoding depends on. */
const typeOf = (param: Param): string =>
  param.type.startsWith('tuple')
    ? `(${(param.components ?? []).map(typeOf).join(',')})${param.type.slice('tuple'.length)}`
    : param.type;

export const signature = (item: Item) =>
  `${item.name}(${(item.inputs ?? []).map(typeOf).join(',')}) ${item.stateMutability} returns (${(item.outputs ?? []).map(typeOf).join(',')})`;

export const functionsOf = (abi: readonly unknown[]) =>
  (abi as Item[]).filter((item) => item.type === 'function');

/**
 * Fee fields for transactions a world sends in bulk without waiting for each receipt.
 *
 * Left to itself, anvil fills in maxFeePerGas = base fee + 1 gwei at the moment it accepts a transaction. Sent in a
 * burst, transactions pile up in its pool and are mined many to a block; such blocks run over the gas target, the
 * base fee climbs 12.5 % a block, and a transaction whose cap it passes is dropped from the pool as invalid: no
 * receipt ever (seen in CI as the demo's V3 deployment waiting out its minute on a loaded machine). A cap far above
 * any base fee a local chain reaches keeps it. What is paid is unchanged: base fee + the same 1 gwei tip.
 */
const gwei = 10n ** 9n;
const hex = (value: bigint) => `0x${value.toString(16)}`;

export const bulkSendFeeFields = {
  maxFeePerGas: hex(500n * gwei),
  maxPriorityFeePerGas: hex(gwei),
} as const;

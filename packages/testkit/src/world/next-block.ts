import type { Abi, Address, Hex } from 'viem';
import { encodeFunctionData } from 'viem';
import type { Anvil } from '../anvil.ts';

/** anvil's JSON-RPC methods that viem's test client does not type (plain JSON-RPC or anvil_* extras). */
type RawRequest = (args: { method: string; params: unknown[] }) => Promise<unknown>;
const raw = (anvil: Anvil) => anvil.client.request as unknown as RawRequest;
const hex = (n: bigint | number) => `0x${BigInt(n).toString(16)}`;

/** What the next mined block carries: its timestamp (Unix seconds) and, when given, its base fee (wei). */
type NextBlock = { timestamp: number | bigint; baseFeePerGas?: bigint };

/**
 * Sets the timestamp and base fee of the next block anvil mines, so a scripted history is dated and
 * priced exactly (anvil otherwise dates blocks by the wall clock and derives the base fee from the last block).
 * @example await setNextBlock(anvil, { timestamp: Date.UTC(2025, 11, 31, 23, 30) / 1000, baseFeePerGas: 70n * 10n ** 9n });
 */
async function setNextBlock(anvil: Anvil, next: NextBlock): Promise<void> {
  await raw(anvil)({ method: 'evm_setNextBlockTimestamp', params: [hex(next.timestamp)] });
  if (next.baseFeePerGas !== undefined) {
    await raw(anvil)({ method: 'anvil_setNextBlockBaseFeePerGas', params: [hex(next.baseFeePerGas)] });
  }
}

/**
 * Mines exactly one block carrying `next` with every transaction waiting in the pool (automine off, see
 * `setAutomine`), and answers its number.
 */
export async function mineBlockAt(anvil: Anvil, next: NextBlock): Promise<bigint> {
  await setNextBlock(anvil, next);
  await raw(anvil)({ method: 'anvil_mine', params: ['0x1'] });
  return anvil.client.getBlockNumber();
}

/**
 * Turns anvil's automine on or off. Off: sent transactions wait in the pool until `mineBlockAt`, so several
 * land in one block and each block's time and base fee are the script's.
 */
export async function setAutomine(anvil: Anvil, isOn: boolean): Promise<void> {
  await raw(anvil)({ method: 'evm_setAutomine', params: [isOn] });
}

/** One contract call from an unlocked account, with the EIP-1559 tip it pays per gas. */
type TippedCall = {
  from: Address;
  to: Address;
  abi: Abi | readonly unknown[];
  functionName: string;
  args: readonly unknown[];
  /** maxPriorityFeePerGas (wei); effectiveGasPrice = base fee + this, while under maxFeePerGas. */
  priorityFeePerGas: bigint;
  /** Default 1,000 gwei: far above any base fee a script sets, so the tip is paid in full. */
  maxFeePerGas?: bigint;
  /** Default 1,500,000. Explicit: anvil's estimate could run against a state missing pooled transactions. */
  gas?: bigint;
};

/**
 * Sends a call with its own priority fee and answers the hash at once (not mined yet when automine is off).
 * Nonces are the account's pending count, so several calls of one account can wait in the same block.
 */
export async function sendTippedCall(anvil: Anvil, call: TippedCall): Promise<Hex> {
  const nonce = await anvil.client.getTransactionCount({ address: call.from, blockTag: 'pending' });
  const data = encodeFunctionData({
    abi: call.abi as Abi,
    functionName: call.functionName,
    args: call.args,
  } as never);
  const tx = {
    from: call.from,
    to: call.to,
    data,
    nonce: hex(nonce),
    gas: hex(call.gas ?? 1_500_000n),
    maxFeePerGas: hex(call.maxFeePerGas ?? 1_000n * 10n ** 9n),
    maxPriorityFeePerGas: hex(call.priorityFeePerGas),
  };
  return (await raw(anvil)({ method: 'eth_sendTransaction', params: [tx] })) as Hex;
}

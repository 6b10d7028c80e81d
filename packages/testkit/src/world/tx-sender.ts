import type { Abi, Address, Hex } from 'viem';
import { encodeDeployData, encodeFunctionData, getContractAddress } from 'viem';
import type { Anvil } from '../anvil.ts';
import { bulkSendFeeFields } from './fee-caps.ts';

const DEPLOY_GAS = 8_000_000;
const CALL_GAS = 6_000_000;

type Artifact = { abi: Abi | readonly unknown[]; bytecode: Hex };

/**
 * Sends transactions from anvil's unlocked accounts one after another without waiting for
 * receipts and checks every receipt at the end. This keeps a world deployment to a few hundred
 * milliseconds instead of a receipt round trip per step. Nonces and gas limits are explicit:
 * anvil answers eth_sendTransaction before it mines, so its own gas estimate could run against a
 * state that misses the previous transaction (seen as random out-of-gas reverts).
 */
export class TxSender {
  private readonly nonces = new Map<Address, number>();
  private readonly sent: { hash: Hex; label: string }[] = [];

  constructor(private readonly anvil: Anvil) {}

  private async nextNonce(from: Address): Promise<number> {
    const known = this.nonces.get(from);
    const nonce =
      known ?? (await this.anvil.client.getTransactionCount({ address: from, blockTag: 'pending' }));
    this.nonces.set(from, nonce + 1);
    return nonce;
  }

  private async send(
    from: Address,
    to: Address | undefined,
    data: Hex,
    label: string,
    gasLimit?: number,
  ): Promise<number> {
    const nonce = await this.nextNonce(from);
    const gas = gasLimit ?? (to ? CALL_GAS : DEPLOY_GAS);
    const tx = {
      from,
      data,
      nonce: `0x${nonce.toString(16)}`,
      gas: `0x${gas.toString(16)}`,
      ...bulkSendFeeFields,
      ...(to ? { to } : {}),
    };
    try {
      // The test client's request type only lists anvil_* methods; this one is plain JSON-RPC.
      const request = this.anvil.client.request as (args: {
        method: string;
        params: unknown[];
      }) => Promise<Hex>;
      const hash = await request({ method: 'eth_sendTransaction', params: [tx] });
      this.sent.push({ hash, label });
    } catch (error) {
      throw new Error(`world deploy: ${label} failed: ${(error as Error).message}`);
    }
    return nonce;
  }

  /** Deploys a contract and returns its address (derived from sender and nonce). */
  async deploy(from: Address, artifact: Artifact, args: readonly unknown[], label: string): Promise<Address> {
    const data = encodeDeployData({ abi: artifact.abi as Abi, bytecode: artifact.bytecode, args } as never);
    const nonce = await this.send(from, undefined, data, `deploy ${label}`);
    return getContractAddress({ from, nonce: BigInt(nonce) });
  }

  async call(
    from: Address,
    to: Address,
    abi: Abi | readonly unknown[],
    functionName: string,
    args: readonly unknown[],
    options: { gas?: number } = {},
  ): Promise<void> {
    const data = encodeFunctionData({ abi: abi as Abi, functionName, args } as never);
    await this.send(from, to, data, `${functionName} on ${to}`, options.gas);
  }

  /** Waits until everything sent so far is mined, before reading state that depends on it. */
  async flush(): Promise<void> {
    const last = this.sent.at(-1);
    if (last) await this.anvil.client.waitForTransactionReceipt({ hash: last.hash, pollingInterval: 10 });
  }

  /** Fails loudly if any transaction sent so far did not succeed. */
  async assertAllSucceeded(): Promise<void> {
    await this.flush();
    const receipts = await Promise.all(
      this.sent.map(({ hash }) => this.anvil.client.getTransactionReceipt({ hash })),
    );
    const failed = receipts.flatMap((receipt, i) =>
      receipt.status === 'success' ? [] : [this.sent[i]?.label],
    );
    if (failed.length > 0) throw new Error(`world deploy: reverted: ${failed.join(', ')}`);
  }
}

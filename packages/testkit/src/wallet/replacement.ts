import type { Account, Address, Hex, PublicClient, WalletClient } from 'viem';

/** What MetaMask offers on a pending transaction: 'speed up' (same call, higher fees) or 'cancel'. */
export type ReplacementMode = 'speed-up' | 'cancel';

/** A transaction the test wallet replaced: the hash the page was given, and the one that was mined instead. */
export type TransactionReplacement = { mode: ReplacementMode; replaced: Hex; replacement: Hex };

type Held = {
  mode: ReplacementMode;
  hash: Hex;
  settle: { resolve(value: TransactionReplacement): void; reject(error: unknown): void };
  replacing?: Promise<TransactionReplacement>;
  /** How often the page asked for its receipt. */
  receiptQueries: number;
};

/**
 * MetaMask's speed up and cancel, on the local node: the armed transaction is sent with automine off, so it
 * stays pending; the replacement is the same nonce at higher fees (speed up: the same call; cancel: 0 to
 * the sender itself), and one block is mined with only the replacement in it (the node drops the
 * transaction it replaces), after which automine is back on.
 */
export function createTransactionReplacer(clients: {
  publicClient: PublicClient;
  walletClient: WalletClient;
  account: Account;
}) {
  const { publicClient, walletClient, account } = clients;
  const node = (method: string, params: unknown[]) => publicClient.request({ method, params } as never);
  let armed: Pick<Held, 'mode' | 'settle'> | null = null;
  let held: Held | null = null;
  let last: TransactionReplacement | null = null;

  async function replace(target: Held): Promise<TransactionReplacement> {
    try {
      const original = await publicClient.getTransaction({ hash: target.hash });
      // MetaMask asks for at least 10 % more; half again is clear of every node's replacement rule.
      const bump = (fee: bigint) => (fee * 3n) / 2n + 1n;
      const fees =
        original.maxFeePerGas !== undefined && original.maxPriorityFeePerGas !== undefined
          ? {
              maxFeePerGas: bump(original.maxFeePerGas),
              maxPriorityFeePerGas: bump(original.maxPriorityFeePerGas),
            }
          : { gasPrice: bump(original.gasPrice ?? 0n) };
      const call =
        target.mode === 'speed-up'
          ? { to: original.to ?? undefined, data: original.input, value: original.value, gas: original.gas }
          : { to: account.address as Address, value: 0n, gas: 21_000n };
      const replacement = await walletClient.sendTransaction({
        account,
        chain: walletClient.chain,
        nonce: original.nonce,
        ...call,
        ...fees,
      } as never);
      await node('evm_mine', []);
      last = { mode: target.mode, replaced: target.hash, replacement };
      target.settle.resolve(last);
      return last;
    } catch (error) {
      target.settle.reject(error);
      throw error;
    } finally {
      held = null;
      await node('evm_setAutomine', [true]);
    }
  }

  return {
    /** Arms the next sent transaction; settles with the replacement once it is mined. */
    arm(mode: ReplacementMode): Promise<TransactionReplacement> {
      if (armed || held) throw new Error('a transaction replacement is already armed or pending');
      const settled = new Promise<TransactionReplacement>((resolve, reject) => {
        armed = { mode, settle: { resolve, reject } };
      });
      // A test that never awaits it must not see an unhandled rejection; one that awaits still gets it.
      settled.catch(() => {});
      return settled;
    },
    /** Sends through `send`, held pending (automine off) when armed. */
    async send(send: () => Promise<Hex>): Promise<Hex> {
      const target = armed;
      if (!target) return send();
      armed = null;
      await node('evm_setAutomine', [false]);
      try {
        const hash = await send();
        held = { ...target, hash, receiptQueries: 0 };
        return hash;
      } catch (error) {
        await node('evm_setAutomine', [true]);
        target.settle.reject(error);
        throw error;
      }
    },
    /**
     * The page was answered about `hash`. The held transaction is replaced once the page has seen it pending
     * with its nonce (eth_getTransactionByHash), as a MetaMask user presses 'speed up' on a transaction the
     * page already shows; a page that only polls receipts, at its second poll. Not at the first receipt
     * poll: viem asks for the receipt before the transaction, and a page that never saw the replaced
     * transaction's nonce could not find what replaced it.
     */
    async asked(
      method: 'eth_getTransactionByHash' | 'eth_getTransactionReceipt',
      hash: unknown,
    ): Promise<void> {
      const target = held;
      if (!target || typeof hash !== 'string' || hash.toLowerCase() !== target.hash.toLowerCase()) return;
      if (method === 'eth_getTransactionReceipt' && ++target.receiptQueries < 2) return;
      target.replacing ??= replace(target);
      await target.replacing;
    },
    /** Replaces the held transaction without waiting for the page to ask about it. */
    async replaceHeld(): Promise<TransactionReplacement> {
      if (!held) throw new Error('no transaction is held for replacement');
      held.replacing ??= replace(held);
      return held.replacing;
    },
    last: () => last,
  };
}

import { randomUUID } from 'node:crypto';
import type { Account, Address, Hex, PublicClient, WalletClient } from 'viem';

/** The EIP-5792 version MetaMask speaks (and viem 2.x sends by default); another one is refused. */
export const callsVersion = '2.0.0';

/** EIP-5792 status codes of a batch (wallet_getCallsStatus), as viem maps them to pending / success / failure. */
const callsStatusCodes = {
  pending: 100,
  confirmed: 200,
  /** Not included onchain: the node failed while the batch was sent. */
  failedOffchain: 400,
  /** Reverted completely: a call would revert or did, and nothing of the batch stayed on the chain. */
  reverted: 500,
} as const;

/** What MetaMask's EIP-5792 middleware throws, and when. */
const callsErrors = {
  /** A capability the request does not mark `optional` (the test wallet has none to offer). */
  unsupportedCapability: 5700,
  /** More than one call without atomic batching (MetaMask without EIP-7702 on the chain; atomicRequired or not). */
  unsupportedChain: 5710,
  /** A caller-chosen batch id already used. */
  duplicateId: 5720,
  /** wallet_getCallsStatus for an id this wallet never gave. */
  unknownBundle: 5730,
} as const;

type Capabilities = Record<string, { optional?: boolean } | undefined>;
type Call = { to?: Address; data?: Hex; value?: Hex; capabilities?: Capabilities };

/** wallet_sendCalls' single parameter (EIP-5792 2.0.0), as viem's sendCalls builds it. */
export type SendCallsRequest = {
  version?: string;
  id?: string;
  chainId?: Hex;
  from?: Address;
  atomicRequired?: boolean;
  calls?: Call[];
  capabilities?: Capabilities;
};

/** One receipt as EIP-5792 shapes it (hex quantities, status '0x1' / '0x0'), one per call. */
type CallReceipt = {
  logs: { address: Address; data: Hex; topics: Hex[] }[];
  status: Hex;
  blockHash: Hex;
  blockNumber: Hex;
  gasUsed: Hex;
  transactionHash: Hex;
};

/** wallet_getCallsStatus' answer. `receipts` is absent until the batch is mined, and when nothing was. */
type CallsStatus = {
  version: string;
  id: string;
  chainId: Hex;
  atomic: true;
  status: number;
  receipts?: CallReceipt[];
};

type SimulatedCall = { status: Hex; gasUsed: Hex };

/** How long the receipts of a mined batch are asked for before it counts as not mined together. */
const receiptWaitMs = 2_000;

/** The transaction gas cap since Osaka (EIP-7825): no single call may ask for more. */
const maxCallGas = 16_777_216n;

/**
 * EIP-5792 batches on the local node, for the test wallet. With atomic batching on, the calls become one
 * transaction each from the wallet's account, mined together in one block, and either all take effect or
 * none does:
 * 1. eth_simulateV1 runs the calls in order on the latest state (each sees the ones before it, as in the
 *    block): a call that would revert fails the batch before anything is sent, and each call's gas comes
 *    from it (viem's own estimate would run call 2 without call 1, and fail an approve + transferFrom).
 * 2. With the node's automine off, the calls are sent with consecutive nonces and one block is mined.
 * 3. Should a call revert there anyway (the chain moved between 1 and 2) or miss the block, the node goes
 *    back to its snapshot from before 2: the batch leaves nothing behind, not even gas (nor what another
 *    sender got into that block meanwhile: tests send a batch when nothing else is in flight).
 * MetaMask sends a batch as one EIP-7702 transaction (one receipt); this wallet gives one receipt per call,
 * all in one block, and never delegates the account (its code stays empty for the rest of the test).
 * Not for use while replaceNextTransaction holds a transaction: both switch the node's automine.
 */
export function createCallBatcher(options: {
  publicClient: PublicClient;
  walletClient: WalletClient;
  account: Account;
  /** The node's chain: the one chain this wallet batches on. */
  chainId: number;
}) {
  const { publicClient, walletClient, account } = options;
  const chainIdHex: Hex = `0x${options.chainId.toString(16)}`;
  const node = (method: string, params: unknown[]) => publicClient.request({ method, params } as never);
  const batches = new Map<string, CallsStatus>();
  /** One batch at a time: each turns automine off and on, and counts on the nonces after the last. */
  let queue: Promise<unknown> = Promise.resolve();

  async function simulate(calls: Call[]): Promise<SimulatedCall[] | null> {
    const [block] = (await node('eth_simulateV1', [
      {
        blockStateCalls: [
          { calls: calls.map(({ to, data, value }) => ({ from: account.address, to, data, value })) },
        ],
      },
      'latest',
    ])) as [{ calls: SimulatedCall[] }];
    return block.calls.every((call) => call.status === '0x1') ? block.calls : null;
  }

  /**
   * The receipts of the mined calls. Anvil can report a block before its receipts are readable (the test kit's
   * waitForTransactionReceipt says the same): a receipt still missing is asked again for a few seconds before
   * the batch counts as not mined together (seen once in CI, on a loaded machine, as a batch reverted for nothing).
   */
  async function readReceipts(hashes: Hex[]): Promise<(CallReceipt | null)[]> {
    const deadline = Date.now() + receiptWaitMs;
    for (;;) {
      const mined = (await Promise.all(
        hashes.map((hash) => node('eth_getTransactionReceipt', [hash])),
      )) as (CallReceipt | null)[];
      if (mined.every((receipt) => receipt !== null) || Date.now() > deadline) return mined;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Sends the simulated calls in one block; their receipts, or null once the node is back where it was. */
  async function mineTogether(calls: Call[], simulated: SimulatedCall[]): Promise<CallReceipt[] | null> {
    const snapshot = await node('evm_snapshot', []);
    const hashes: Hex[] = [];
    let receipts: CallReceipt[] | null = null;
    let failure: unknown = null;
    await node('evm_setAutomine', [false]);
    try {
      const nonce = await publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' });
      for (const [index, call] of calls.entries()) {
        // Simulated gas is what was used after refunds; the limit must also cover the refunded part and
        // the 1/64 each nested call keeps back.
        const gas = BigInt(simulated[index]?.gasUsed ?? '0x0') * 2n + 25_000n;
        hashes.push(
          await walletClient.sendTransaction({
            account,
            chain: walletClient.chain,
            to: call.to,
            data: call.data,
            value: call.value ? BigInt(call.value) : undefined,
            nonce: nonce + index,
            gas: gas < maxCallGas ? gas : maxCallGas,
          }),
        );
      }
      await node('evm_mine', []);
      const mined = await readReceipts(hashes);
      const [first] = mined;
      const isAllMinedTogether = mined.every(
        (receipt) => receipt?.status === '0x1' && receipt.blockHash === first?.blockHash,
      );
      if (isAllMinedTogether) receipts = (mined as CallReceipt[]).map(toCallReceipt);
    } catch (error) {
      failure = error;
    }
    try {
      if (!receipts) {
        await node('evm_revert', [snapshot]);
        // Before automine is back: a call left out of the block (past the block's gas limit) or sent before a
        // failure is still in the pool, and would be mined alone.
        await Promise.all(hashes.map((hash) => node('anvil_dropTransaction', [hash]).catch(() => null)));
      }
    } finally {
      await node('evm_setAutomine', [true]);
    }
    if (failure) throw failure;
    return receipts;
  }

  async function execute(record: CallsStatus, calls: Call[]): Promise<void> {
    try {
      const simulated = await simulate(calls);
      const receipts = simulated && (await mineTogether(calls, simulated));
      if (receipts) {
        record.status = callsStatusCodes.confirmed;
        record.receipts = receipts;
      } else {
        record.status = callsStatusCodes.reverted;
      }
    } catch {
      record.status = callsStatusCodes.failedOffchain;
    }
  }

  return {
    /**
     * wallet_getCapabilities for the node's chain, as MetaMask answers: `{ [chain]: { atomic: { status:
     * 'supported' } } }` when batching, and no entry for the chain when not (MetaMask leaves out every chain
     * where it cannot batch, rather than saying 'unsupported').
     */
    capabilities(isSupported: boolean, requested: unknown): Record<Hex, unknown> {
      const isAsked =
        !Array.isArray(requested) ||
        requested.length === 0 ||
        requested.some((id) => typeof id === 'string' && Number(id) === options.chainId);
      return isSupported && isAsked ? { [chainIdHex]: { atomic: { status: 'supported' } } } : {};
    },

    /**
     * wallet_sendCalls once the page's network, account and version are checked: refuses what MetaMask
     * refuses (a required capability, several calls without atomic batching, a used id), then answers the
     * batch id at once and mines the batch behind it (pending until then).
     */
    send(request: SendCallsRequest, isAtomicSupported: boolean): { id: string } {
      const calls = request.calls ?? [];
      if (calls.length === 0) throw { code: -32602, message: 'wallet_sendCalls: no calls to send' };
      const required = [request.capabilities, ...calls.map((call) => call.capabilities)].flatMap((set) =>
        Object.entries(set ?? {})
          .filter(([, capability]) => capability?.optional !== true)
          .map(([name]) => name),
      );
      if (required.length > 0) {
        throw {
          code: callsErrors.unsupportedCapability,
          message: `Unsupported non-optional capabilities: ${required.join(', ')}`,
        };
      }
      if (calls.length > 1 && !isAtomicSupported) {
        throw {
          code: callsErrors.unsupportedChain,
          message: `EIP-7702 not supported on chain: ${chainIdHex}`,
        };
      }
      const id = request.id ?? `0x${randomUUID().replaceAll('-', '')}`;
      if (batches.has(id)) throw { code: callsErrors.duplicateId, message: `Duplicate batch id: ${id}` };
      const record: CallsStatus = {
        version: callsVersion,
        id,
        chainId: chainIdHex,
        atomic: true,
        status: callsStatusCodes.pending,
      };
      batches.set(id, record);
      queue = queue.then(() => execute(record, calls));
      return { id };
    },

    /** wallet_getCallsStatus: a copy, so the page never holds the record the batch still writes to. */
    status(id: unknown): CallsStatus {
      const record = typeof id === 'string' ? batches.get(id) : undefined;
      if (!record) throw { code: callsErrors.unknownBundle, message: 'No matching bundle found' };
      return structuredClone(record);
    },
  };
}

/** Only the fields EIP-5792 names: the node's receipt has many more. */
function toCallReceipt(receipt: CallReceipt): CallReceipt {
  return {
    logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
    status: receipt.status,
    blockHash: receipt.blockHash,
    blockNumber: receipt.blockNumber,
    gasUsed: receipt.gasUsed,
    transactionHash: receipt.transactionHash,
  };
}

import {
  type Address,
  encodeErrorResult,
  type Hash,
  type Hex,
  isAddressEqual,
  keccak256,
  numberToHex,
  parseAbi,
  stringToHex,
} from 'viem';
import {
  type FakeWallet,
  type FakeWalletOptions,
  fakeWalletAccount,
  installFakeWallet,
} from '../../../lib/wallet/testing/fake-wallet.ts';

/**
 * The chain behind the component tests' fake wallet: the EIP-1193 calls the runner makes through MetaMask
 * (eth_call, eth_estimateGas, eth_sendTransaction, receipts, blocks, the nonce slot, typed-data signatures,
 * switching networks), answered in the shapes a node gives, with each transaction's fate set by the test.
 */

type RpcTransaction = {
  hash: Hash;
  from: Address;
  to: Address | null;
  input: Hex;
  value: bigint;
  nonce: number;
  blockNumber: bigint | null;
};

type MinedReceipt = { status: 'success' | 'reverted'; blockNumber: bigint; gasUsed: bigint };

type CallHandler = (call: {
  from?: Address;
  to: Address;
  data: Hex;
  block: string;
}) => Hex | { revert: string } | undefined;

export type FakeChain = {
  wallet: FakeWallet;
  /** Every JSON-RPC method the page called, in order. */
  methods: string[];
  /** Answers eth_call and eth_estimateGas before the default ('0x', 21000 × 3): a result or a revert. */
  onCall: CallHandler | null;
  gasEstimate: bigint;
  gasPriceWei: bigint;
  /** The transactions the wallet sent, in order. */
  sent: RpcTransaction[];
  /** Mines a block holding the transaction (or just a block): its receipt then says `status`. */
  mine(hash?: Hash, status?: 'success' | 'reverted'): void;
  /**
   * The wallet replaces a sent transaction (same sender and nonce; MetaMask's speed up or cancel) and a block
   * mines the replacement; the node drops the original. Returns the replacement's hash.
   */
  replace(hash: Hash, how: 'replaced' | 'cancelled'): Hash;
  /** eth_getTransactionReceipt and eth_getTransactionByHash fail, as an RPC outage (until set false). */
  isDown: boolean;
  chainId: number;
  latestTimestamp: bigint;
  uninstall(): void;
};

const revertData = (reason: string) =>
  encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [reason] });

/** A node's 'execution reverted' error, as geth and anvil send it (MetaMask forwards it). */
function revertError(reason: string) {
  return Object.assign(new Error(`execution reverted: ${reason}`), { code: 3, data: revertData(reason) });
}

function rpcError(code: number, message: string) {
  return Object.assign(new Error(message), { code });
}

const blockHash = (number: bigint) => keccak256(stringToHex(`block ${number}`));

export function installFakeChain(
  options: Omit<FakeWalletOptions, 'chainId'> & { chainId?: number } = {},
): FakeChain {
  const { chainId = 137, ...walletOptions } = options;
  const wallet = installFakeWallet({ isAuthorized: true, ...walletOptions });
  const walletRequest = wallet.provider.request.bind(wallet.provider);
  const transactions = new Map<Hash, RpcTransaction>();
  const receipts = new Map<Hash, MinedReceipt>();
  const blocks = new Map<bigint, Hash[]>();
  let nextNonce = 0;
  let head = 100n;
  const latestBlock = () => head;
  blocks.set(head, []);

  const chain: FakeChain = {
    wallet,
    methods: [],
    onCall: null,
    gasEstimate: 63_000n,
    gasPriceWei: 30_000_000_000n,
    sent: [],
    isDown: false,
    chainId,
    latestTimestamp: 1_900_000_000n,
    mine(hash, status = 'success') {
      head += 1n;
      const number = head;
      blocks.set(number, hash ? [hash] : []);
      chain.latestTimestamp += 2n;
      if (!hash) return;
      const transaction = transactions.get(hash);
      if (!transaction) throw new Error(`the fake chain has no transaction ${hash}`);
      transaction.blockNumber = number;
      receipts.set(hash, { status, blockNumber: number, gasUsed: 51_234n });
    },
    replace(hash, how) {
      const original = transactions.get(hash);
      if (!original) throw new Error(`the fake chain has no transaction ${hash}`);
      const replacement: RpcTransaction = {
        ...original,
        hash: keccak256(stringToHex(`${hash} ${how}`)),
        blockNumber: null,
        ...(how === 'cancelled' ? { to: original.from, input: '0x', value: 0n } : {}),
      };
      transactions.delete(hash);
      transactions.set(replacement.hash, replacement);
      chain.mine(replacement.hash);
      return replacement.hash;
    },
    uninstall: () => wallet.uninstall(),
  };

  function formatTransaction(transaction: RpcTransaction) {
    const block = transaction.blockNumber;
    return {
      hash: transaction.hash,
      from: transaction.from,
      to: transaction.to,
      input: transaction.input,
      value: numberToHex(transaction.value),
      nonce: numberToHex(transaction.nonce),
      blockNumber: block === null ? null : numberToHex(block),
      blockHash: block === null ? null : blockHash(block),
      transactionIndex: block === null ? null : '0x0',
      gas: numberToHex(chain.gasEstimate),
      gasPrice: numberToHex(chain.gasPriceWei),
      type: '0x0',
      chainId: numberToHex(chain.chainId),
      v: '0x0',
      r: '0x1',
      s: '0x1',
    };
  }

  function formatBlock(number: bigint, isFull: boolean) {
    const hashes = blocks.get(number) ?? [];
    return {
      number: numberToHex(number),
      hash: blockHash(number),
      parentHash: blockHash(number - 1n),
      timestamp: numberToHex(chain.latestTimestamp - 2n * (latestBlock() - number)),
      transactions: isFull
        ? hashes.flatMap((hash) => {
            const transaction = transactions.get(hash);
            return transaction ? [formatTransaction(transaction)] : [];
          })
        : hashes,
      gasLimit: '0x1c9c380',
      gasUsed: '0x0',
      baseFeePerGas: numberToHex(chain.gasPriceWei),
      miner: '0x0000000000000000000000000000000000000000',
      difficulty: '0x0',
      totalDifficulty: '0x0',
      extraData: '0x',
      logsBloom: `0x${'0'.repeat(512)}`,
      nonce: '0x0000000000000000',
      mixHash: blockHash(number),
      sha3Uncles: blockHash(number),
      stateRoot: blockHash(number),
      transactionsRoot: blockHash(number),
      receiptsRoot: blockHash(number),
      size: '0x100',
      uncles: [],
    };
  }

  function answerCall(params: unknown[]): Hex {
    const [call, block] = params as [{ from?: Address; to: Address; data?: Hex; input?: Hex }, string?];
    const answer = chain.onCall?.({
      from: call.from,
      to: call.to,
      data: call.data ?? call.input ?? '0x',
      block: block ?? 'latest',
    });
    if (answer && typeof answer === 'object') throw revertError(answer.revert);
    return answer ?? '0x';
  }

  function blockNumberOf(tag: unknown): bigint {
    return typeof tag === 'string' && tag.startsWith('0x') ? BigInt(tag) : latestBlock();
  }

  async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    chain.methods.push(method);
    const args = (params ?? []) as unknown[];
    switch (method) {
      case 'eth_chainId':
        return numberToHex(chain.chainId);
      case 'wallet_switchEthereumChain': {
        const [{ chainId }] = args as [{ chainId: Hex }];
        if (chain.chainId !== Number(chainId)) {
          chain.chainId = Number(chainId);
          wallet.emit('chainChanged', chainId);
        }
        return null;
      }
      case 'eth_blockNumber':
        return numberToHex(latestBlock());
      case 'eth_getBlockByNumber': {
        const [tag, isFull] = args as [string, boolean];
        const number = blockNumberOf(tag);
        return blocks.has(number) ? formatBlock(number, isFull) : null;
      }
      case 'eth_gasPrice':
        return numberToHex(chain.gasPriceWei);
      case 'eth_call':
        return answerCall(args);
      case 'eth_estimateGas':
        answerCall(args);
        return numberToHex(chain.gasEstimate);
      case 'eth_sendTransaction': {
        const [sent] = args as [{ from: Address; to: Address; data?: Hex; input?: Hex; value?: Hex }];
        const transaction: RpcTransaction = {
          hash: keccak256(stringToHex(`transaction ${chain.sent.length} ${sent.data ?? sent.input}`)),
          from: sent.from,
          to: sent.to,
          input: sent.data ?? sent.input ?? '0x',
          value: sent.value ? BigInt(sent.value) : 0n,
          nonce: nextNonce++,
          blockNumber: null,
        };
        transactions.set(transaction.hash, transaction);
        chain.sent.push(transaction);
        return transaction.hash;
      }
      case 'eth_getTransactionByHash': {
        if (chain.isDown) throw rpcError(-32603, 'the RPC endpoint is down');
        const transaction = transactions.get(args[0] as Hash);
        return transaction ? formatTransaction(transaction) : null;
      }
      case 'eth_getTransactionBySenderAndNonce': {
        const [sender, nonce] = args as [Address, Hex];
        const found = [...transactions.values()].find(
          (each) => isAddressEqual(each.from, sender) && each.nonce === Number(nonce),
        );
        return found ? formatTransaction(found) : null;
      }
      case 'eth_getTransactionReceipt': {
        if (chain.isDown) throw rpcError(-32603, 'the RPC endpoint is down');
        const hash = args[0] as Hash;
        const receipt = receipts.get(hash);
        const transaction = transactions.get(hash);
        if (!receipt || !transaction) return null;
        return {
          transactionHash: hash,
          transactionIndex: '0x0',
          blockHash: blockHash(receipt.blockNumber),
          blockNumber: numberToHex(receipt.blockNumber),
          from: transaction.from,
          to: transaction.to,
          cumulativeGasUsed: numberToHex(receipt.gasUsed),
          gasUsed: numberToHex(receipt.gasUsed),
          effectiveGasPrice: numberToHex(chain.gasPriceWei),
          contractAddress: null,
          logs: [],
          logsBloom: `0x${'0'.repeat(512)}`,
          status: receipt.status === 'success' ? '0x1' : '0x0',
          type: '0x0',
        };
      }
      case 'eth_signTypedData_v4': {
        const [, typed] = args as [Address, string];
        return fakeWalletAccount.signTypedData(JSON.parse(typed));
      }
      default:
        return walletRequest({ method, params });
    }
  }

  // The page holds this provider object (announced over EIP-6963): answering through it is answering as the wallet.
  wallet.provider.request = async (args) => {
    const failure = takeFailure(args.method);
    if (failure) throw failure;
    return request(args);
  };

  // The fake wallet's failNext, for every method (those answered here too).
  const failures = new Map<string, Error[]>();
  function takeFailure(method: string): Error | undefined {
    return failures.get(method)?.shift();
  }
  wallet.failNext = (method, code, message = `fake wallet error ${code}`) => {
    failures.set(method, [...(failures.get(method) ?? []), rpcError(code, message)]);
  };

  return chain;
}

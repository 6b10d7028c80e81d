import type { SentTransactionKind, TokenAmount } from '@tidewatch/shared/recovery';
import type { Abi, Address, Hex, PublicClient, TypedDataDefinition } from 'viem';

/** One contract call, built in the browser from addresses the app verified (decision 029). */
export type PreparedCall = {
  address: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
  /**
   * When the call is not the one the request names (a wallet that cannot sign a permit gets `approve` before
   * `removeLiquidity`), what the confirmation shows and the server records instead of the request's own.
   */
  /**
   * What arrives as read when the call was built (the chain at the latest block), shown in place of the
   * request's own figures, which may be a screen's older snapshot.
   */
  receives?: TokenAmount[];
  instead?: {
    stepKind: SentTransactionKind;
    contractLabel: string;
    functionSignature: string;
    receives: TokenAmount[];
  };
};

/** What `prepare` may use: the account, the chain as the wallet sees it, and the wallet's signature. */
export type PrepareTools = {
  account: Address;
  chainId: number;
  /** Reads through the connected wallet's provider (the page's CSP allows no other origin). */
  client: PublicClient;
  /**
   * eth_signTypedData_v4 by the account, once the person has seen the call and `purpose` ('a permit for 2
   * WETH-USDC LP to the router 0x…') and clicked to sign; rejects with the wallet's error (4001, 4200, …).
   */
  signTypedData(typed: TypedDataDefinition, purpose: string): Promise<Hex>;
  /** The latest block's timestamp: deadlines follow the chain's clock, not the browser's. */
  latestBlockTimestamp(): Promise<bigint>;
};

/** One transaction for the runner to review, send and follow. */
export type TransactionRequest = {
  stepKind: SentTransactionKind;
  /** 'farm WETH-USDC', 'QuickSwap V2 router', "Dragon's Lair (old dQUICK)", 'QUICK converter'. */
  contractLabel: string;
  /** 'exit()', 'withdraw(uint256)', … */
  functionSignature: string;
  /** What arrives, shown before anything is signed. */
  receives: TokenAmount[];
  /** The native token's price for the gas line (null: unknown): POL's on Polygon. */
  polUsd: number | null;
  /**
   * The chain the call is sent on (issue 47): Polygon (137) unless given. The wallet is asked to switch to it
   * first; a send on another chain than Polygon is not reported to the server (its books read Polygon).
   */
  chainId?: number;
  /**
   * Names the step for the pending hash kept in the browser (a reload resumes from it, never sends twice);
   * default `${stepKind}:${contractLabel}`. The recovery plan passes its step id.
   */
  key?: string;
  /** Builds the call at run time from fresh chain reads; may ask the wallet to sign (a permit) first. */
  prepare(tools: PrepareTools): Promise<PreparedCall>;
};

/** How a run ended: mined and succeeded, mined and reverted, or nothing sent (rejected or cancelled). */
export type TransactionOutcome = 'confirmed' | 'failed' | 'rejected';

/** The props of TransactionRunner. */
export type TransactionRunnerProps = {
  /** The wallet the transaction is for; MetaMask must be connected as this account. */
  wallet: Address;
  request: TransactionRequest;
  onFinished?(outcome: TransactionOutcome): void;
};

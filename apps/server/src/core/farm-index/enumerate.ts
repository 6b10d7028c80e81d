import type { FarmKind } from '@tidewatch/shared';
import { shortenAddress } from '@tidewatch/shared';
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  type Hex,
  numberToHex,
  zeroAddress,
} from 'viem';
import { type ChainClient, nodeAnswer } from '../chain/client.ts';
import { farmContracts } from '../chain/farm-contracts.ts';
import { describeNodeError, isExecutionFailure } from '../chain/multicall.ts';
import { ReadPlan } from '../chain/read-plan.ts';

export type FactoryFarm = { address: Address; kind: FarmKind; factory: Address; stakingToken: Address };
export type Factories = { lp: Address[]; dual: Address[] };
/** A factory that could not be read at all, and what the node said. */
export type FactoryFailure = { factory: Address; kind: FarmKind; error: string };

const firstPage = 16;
/**
 * Gas for one `stakingTokens(i)` read: a storage read needs about 5,000. QuickSwap's factories are
 * Solidity 0.5.16, where a read past the array's end executes INVALID and burns all the gas it is given:
 * bounded per read, it costs that read alone (inside one aggregate3 it starved the whole batch).
 */
const arrayReadGas = 100_000n;

const abiOf = (kind: FarmKind) => farmContracts[kind].factoryAbi;

/**
 * `stakingTokens(i)` of one factory as its own gas-bounded eth_call; the calls of one round go out in one
 * JSON-RPC batch (one HTTP request). Null when the node answered with an error (past the end: out of gas,
 * or invalid opcode) or with nothing (no contract there); a transport failure throws.
 */
async function readStakingToken(
  chain: ChainClient,
  factory: Address,
  kind: FarmKind,
  index: number,
): Promise<{ token: Address | null; error?: string }> {
  const abi = abiOf(kind);
  const data = encodeFunctionData({ abi, functionName: 'stakingTokens', args: [BigInt(index)] });
  try {
    const result = (await chain.request('eth_call', [
      { to: factory, data, gas: numberToHex(arrayReadGas) },
      'latest',
    ])) as Hex;
    if (result === '0x') return { token: null, error: 'no contract code at that address' };
    return { token: decodeFunctionResult({ abi, functionName: 'stakingTokens', data: result }) as Address };
  } catch (error) {
    const answer = nodeAnswer(error);
    // Only the EVM's own answer marks the end (out of gas, invalid opcode, a revert): a rate limit or a
    // pruned state is the node failing, which fails the refresh (retried) rather than cut the array short.
    if (!answer || !isExecutionFailure(answer)) throw error;
    return { token: null, error: `read ${describeNodeError(answer)}` };
  }
}

/**
 * Every farm QuickSwap's staking-rewards factories deployed: each factory's public `stakingTokens(i)` array
 * (it has no length getter, so pages of gas-bounded reads, doubling while a page comes back full), then
 * `stakingRewardsInfoByStakingToken(token)` for each (a mapping: safe to batch), whose first word is the
 * farm. A factory whose first read fails is reported with what the node said, and the others go on.
 */
export async function enumerateFactoryFarms(
  chain: ChainClient,
  factories: Factories,
): Promise<{ farms: FactoryFarm[]; failures: FactoryFailure[] }> {
  type Cursor = { factory: Address; kind: FarmKind; tokens: Address[]; isDone: boolean };
  const cursors: Cursor[] = [
    ...factories.lp.map((factory) => ({ factory: getAddress(factory), kind: 'lp' as const })),
    ...factories.dual.map((factory) => ({ factory: getAddress(factory), kind: 'dual' as const })),
  ].map((c) => ({ ...c, tokens: [], isDone: false }));
  const failures: FactoryFailure[] = [];

  for (let page = firstPage; cursors.some((c) => !c.isDone); page *= 2) {
    const open = cursors.filter((c) => !c.isDone);
    // Every read of the round settles before one failure is thrown: none is left running after the
    // refresh has given up (its retries would land in whatever runs next).
    const rounds = await settleAll(
      open.map((cursor) =>
        settleAll(
          Array.from({ length: page }, (_, k) =>
            readStakingToken(chain, cursor.factory, cursor.kind, cursor.tokens.length + k),
          ),
        ),
      ),
    );
    open.forEach((cursor, i) => {
      const reads = rounds[i]!;
      const start = cursor.tokens.length;
      const end = reads.findIndex((read) => read.token === null);
      cursor.tokens.push(...reads.slice(0, end === -1 ? page : end).map((read) => read.token!));
      cursor.isDone = end !== -1;
      if (start === 0 && end === 0) {
        failures.push({
          factory: cursor.factory,
          kind: cursor.kind,
          error: `factory ${shortenAddress(cursor.factory)}: ${reads[0]!.error ?? 'no staking tokens'}`,
        });
      }
    });
  }

  const farms: FactoryFarm[] = [];
  const plan = new ReadPlan();
  for (const cursor of cursors) {
    for (const token of cursor.tokens) {
      plan.addOptional<Address>(
        {
          label: `factory ${cursor.factory}: stakingRewardsInfoByStakingToken(${token})`,
          address: cursor.factory,
          abi: abiOf(cursor.kind),
          functionName: 'stakingRewardsInfoByStakingToken',
          args: [token],
          // Generations answer with three words (LP) or six (dual); the farm is the first in all of them.
          decode: (data) => getAddress(`0x${data.slice(26, 66)}`),
        },
        (farm) => {
          if (farm === null) {
            // This factory answers its array but not its records: named, and the others go on.
            if (!failures.some((f) => f.factory === cursor.factory)) {
              failures.push({
                factory: cursor.factory,
                kind: cursor.kind,
                error: `factory ${shortenAddress(cursor.factory)}: stakingRewardsInfoByStakingToken() did not answer`,
              });
            }
            return;
          }
          if (farm === zeroAddress) return;
          farms.push({
            address: farm,
            kind: cursor.kind,
            factory: cursor.factory,
            stakingToken: getAddress(token),
          });
        },
      );
    }
  }
  await plan.run(chain, 'latest', chain.maxCalldataBytes);
  return { farms, failures };
}

/** Like Promise.all, but waits for every promise to settle before rejecting with the first failure. */
async function settleAll<T>(promises: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
}

import {
  type Address,
  createPublicClient,
  custom,
  encodeFunctionData,
  type Hex,
  type PublicClient,
} from 'viem';
import type { PreparedCall } from '../types.ts';

/** One call of a batch as eth_simulateV1 takes it. */
export type SimulatedCall = { from: Address; to: Address; data: Hex };

export const toSimulatedCall = (account: Address, call: PreparedCall): SimulatedCall => ({
  from: account,
  to: call.address,
  data: encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args } as never),
});

type SimulatedResult = {
  status: Hex;
  returnData: Hex;
  gasUsed: Hex;
  error?: { message?: string; data?: Hex };
};

/**
 * `calls` run one after another in one simulated block on the latest state (eth_simulateV1, through the wallet's
 * own node): each sees what the ones before it did, as a batch the wallet sends at once will. Each call's result.
 */
export async function simulateInOrder(
  client: PublicClient,
  calls: readonly SimulatedCall[],
): Promise<SimulatedResult[]> {
  const request = client.request as (args: { method: string; params: unknown[] }) => Promise<unknown>;
  const blocks = (await request({
    method: 'eth_simulateV1',
    params: [{ blockStateCalls: [{ calls }], validation: false }, 'latest'],
  })) as { calls: SimulatedResult[] }[];
  return blocks[0]?.calls ?? [];
}

/**
 * A public client whose reads (eth_call) see the chain as it will be after `prior` ran from the account: each read
 * is simulated after them (simulateInOrder). A batch's later step is built and read from here, so what it reads
 * (the NFT back in the wallet after leaving farming) is what it will meet when the batch runs. Everything else
 * (blocks, gas price) goes to the wallet's node as it is.
 */
export function createSimulatingClient(base: PublicClient, prior: readonly SimulatedCall[]): PublicClient {
  const request = base.request as (args: { method: string; params?: unknown }) => Promise<unknown>;
  return createPublicClient({
    chain: base.chain,
    transport: custom({
      async request({ method, params }: { method: string; params?: unknown }) {
        if (method !== 'eth_call' || prior.length === 0) return request({ method, params });
        const [call] = params as [{ from?: Address; to: Address; data: Hex }];
        const from = call.from ?? prior[0]!.from;
        const results = await simulateInOrder(base, [...prior, { from, to: call.to, data: call.data }]);
        const failed = results.findIndex((result) => result.status !== '0x1');
        if (failed >= 0) {
          const error = results[failed]!.error;
          // As a node answers a reverted eth_call: the revert data, for viem to decode the reason.
          throw Object.assign(new Error(error?.message ?? 'execution reverted'), {
            code: 3,
            data: error?.data ?? '0x',
          });
        }
        return results.at(-1)?.returnData ?? '0x';
      },
    }),
  }) as PublicClient;
}

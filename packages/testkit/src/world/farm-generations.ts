import {
  pair as pairArtifact,
  stakingDualRewards,
  stakingRewards,
  stakingRewardsDualFactory,
  stakingRewardsFactory,
  testErc20,
} from '@tidewatch/contracts';
import type { FarmKind } from '@tidewatch/shared/farm-kinds';
import {
  type Abi,
  type Address,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hex,
  maxUint256,
} from 'viem';
import type { Anvil } from '../anvil.ts';
import { bulkSendFeeFields } from './fee-caps.ts';
import type { PairKey } from './spec.ts';
import type { World } from './types.ts';

/** A farm deployed by one of the extra factory generations. */
export type GenerationFarm = {
  address: Address;
  kind: FarmKind;
  factory: Address;
  pair: Address;
  pairKey: PairKey;
  /** Seconds of rewards it was notified with; 0 = never funded. */
  duration: number;
};

export type FarmGenerationsOptions = {
  /** Extra StakingRewardsFactory generations: each deploys one LP farm per pair. */
  lpFactories: number;
  /** Extra StakingRewardsDualFactory generations: one dual farm per pair each. */
  dualFactories: number;
  /** The pairs each generation farms; default every world pair. */
  pairs?: PairKey[];
  /** Reward duration of the n-th farm (seconds); 0 leaves it unfunded. Default 30 days. */
  durationOf?: (index: number) => number;
};

const genesisDelay = 60;

/**
 * Several generations of QuickSwap's farm factories, as on Polygon, where every generation keeps its own
 * farms: each deploys a farm per pair (`deploy`), is funded, and notifies after genesis. Rewards are old
 * QUICK (LP) and QUICK + WMATIC (dual), minted by the test tokens. Sends back to back with automine off and
 * mines in chunks, so a thousand farms take about a minute; receipts are checked at the end.
 */
export async function deployFarmGenerations(
  anvil: Anvil,
  world: World,
  options: FarmGenerationsOptions,
): Promise<GenerationFarm[]> {
  const sender = new BulkSender(anvil);
  await sender.begin();
  const d = world.accounts.deployer.address;
  const pairs = options.pairs ?? (Object.keys(world.pairs) as PairKey[]);
  const durationOf = options.durationOf ?? (() => 30 * 86_400);
  const quick = world.tokens.QUICK.address;
  const wmatic = world.tokens.WMATIC.address;
  const reward = 1_000n * 10n ** 18n;
  const { timestamp } = await anvil.client.getBlock();
  const genesis = timestamp + BigInt(genesisDelay);

  type Planned = Omit<GenerationFarm, 'address'>;
  const planned: Planned[] = [];
  const generations: { kind: FarmKind; factory: Address }[] = [];
  for (let g = 0; g < options.lpFactories; g++) {
    generations.push({
      kind: 'lp',
      factory: await sender.deploy(d, stakingRewardsFactory, [quick, genesis]),
    });
  }
  for (let g = 0; g < options.dualFactories; g++) {
    generations.push({ kind: 'dual', factory: await sender.deploy(d, stakingRewardsDualFactory, [genesis]) });
  }
  for (const { kind, factory } of generations) {
    for (const pairKey of pairs) {
      const pair = world.pairs[pairKey].address;
      const duration = durationOf(planned.length);
      const seconds = BigInt(Math.max(duration, 1));
      if (kind === 'lp') {
        await sender.call(d, factory, stakingRewardsFactory.abi, 'deploy', [pair, reward, seconds]);
        if (duration > 0) await sender.call(d, quick, testErc20.abi, 'mint', [factory, reward]);
      } else {
        await sender.call(d, factory, stakingRewardsDualFactory.abi, 'deploy', [
          d,
          pair,
          quick,
          wmatic,
          reward,
          reward,
          seconds,
        ]);
        if (duration > 0) {
          await sender.call(d, quick, testErc20.abi, 'mint', [factory, reward]);
          await sender.call(d, wmatic, testErc20.abi, 'mint', [factory, reward]);
        }
      }
      planned.push({ kind, factory, pair, pairKey, duration });
    }
  }
  await sender.mineAll();
  await anvil.increaseTime(genesisDelay);
  for (const farm of planned) {
    if (farm.duration === 0) continue;
    const abi = farm.kind === 'lp' ? stakingRewardsFactory.abi : stakingRewardsDualFactory.abi;
    await sender.call(d, farm.factory, abi, 'notifyRewardAmount', [farm.pair]);
  }
  await sender.finish();

  return Promise.all(
    planned.map(async (farm) => {
      const info = (await anvil.client.readContract({
        address: farm.factory,
        abi: farm.kind === 'lp' ? stakingRewardsFactory.abi : stakingRewardsDualFactory.abi,
        functionName: 'stakingRewardsInfoByStakingToken',
        args: [farm.pair],
      } as never)) as readonly [Address, ...unknown[]];
      return { ...farm, address: getAddress(info[0]) };
    }),
  );
}

/**
 * Stakes `amount` of each farm's pair from `account` (which must hold the LP), then optionally withdraws it
 * again later: a farm left with unclaimed rewards only.
 */
export async function stakeInFarms(
  anvil: Anvil,
  account: Address,
  stakes: { farm: Address; kind: FarmKind; pair: Address; amount: bigint }[],
): Promise<void> {
  const sender = new BulkSender(anvil);
  await sender.begin();
  for (const stake of stakes) {
    await sender.call(account, stake.pair, pairArtifact.abi, 'approve', [stake.farm, maxUint256]);
    const abi = stake.kind === 'lp' ? stakingRewards.abi : stakingDualRewards.abi;
    await sender.call(account, stake.farm, abi, 'stake', [stake.amount]);
  }
  await sender.finish();
}

/**
 * Sends transactions from anvil's unlocked accounts with automine off, explicit nonces and gas, mining a
 * block every 10 sends (with 50 queued, anvil mined the first deployments and dropped the rest once
 * QuickSwap's 0.5.16 farms made each deployment costlier); `finish` mines until every one is in, turns
 * automine back on and checks receipts.
 */
export class BulkSender {
  private readonly nonces = new Map<Address, number>();
  private readonly hashes: Hex[] = [];

  constructor(private readonly anvil: Anvil) {}

  async begin(): Promise<void> {
    await this.anvil.client.request({ method: 'evm_setAutomine', params: [false] } as never);
  }

  async deploy(from: Address, artifact: { abi: Abi | readonly unknown[]; bytecode: Hex }, args: unknown[]) {
    const data = encodeDeployData({ abi: artifact.abi as Abi, bytecode: artifact.bytecode, args } as never);
    const nonce = await this.send(from, undefined, data);
    return getContractAddress({ from, nonce: BigInt(nonce) });
  }

  async call(
    from: Address,
    to: Address,
    abi: Abi | readonly unknown[],
    functionName: string,
    args: unknown[],
  ) {
    await this.send(from, to, encodeFunctionData({ abi: abi as Abi, functionName, args } as never));
  }

  private async send(sender: Address, to: Address | undefined, data: Hex): Promise<number> {
    const client = this.anvil.client;
    const from = getAddress(sender);
    const nonce =
      this.nonces.get(from) ?? (await client.getTransactionCount({ address: from, blockTag: 'pending' }));
    this.nonces.set(from, nonce + 1);
    const hash = (await client.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from,
          data,
          nonce: `0x${nonce.toString(16)}`,
          gas: to ? '0x7a1200' : '0x989680',
          ...bulkSendFeeFields,
          ...(to ? { to } : {}),
        },
      ],
    } as never)) as Hex;
    this.hashes.push(hash);
    if (this.hashes.length % 10 === 0) await this.mineUntil(hash);
    return nonce;
  }

  private async mineUntil(hash: Hex): Promise<void> {
    for (let blocks = 0; blocks < 200; blocks++) {
      const receipt = await this.anvil.client.getTransactionReceipt({ hash }).catch(() => undefined);
      if (receipt) return;
      await this.anvil.client.request({ method: 'evm_mine', params: [] } as never);
    }
    throw new Error(`farm generations: transaction ${hash} stays pending after 200 blocks`);
  }

  /** Mines until everything sent so far is in a block. */
  async mineAll(): Promise<void> {
    const last = this.hashes.at(-1);
    if (last) await this.mineUntil(last);
  }

  async finish(): Promise<void> {
    for (const hash of this.hashes) await this.mineUntil(hash);
    await this.anvil.client.request({ method: 'evm_setAutomine', params: [true] } as never);
    for (const hash of this.hashes) {
      const receipt = await this.anvil.client.getTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`farm generations: transaction ${hash} reverted`);
    }
    this.hashes.length = 0;
  }
}

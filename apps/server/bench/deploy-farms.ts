import { pair, stakingDualRewards, stakingRewards, testErc20 } from '@tidewatch/contracts';
import type { Anvil, World } from '@tidewatch/testkit';
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

type FarmRef = { address: Address; kind: 'lp' | 'dual' };

/**
 * Deploys `farmCount` extra farms on the world's WMATIC-USDC pair (every fourth a dual farm), funds
 * them and stakes from every account. Transactions go out back to back with explicit nonces and gas
 * (anvil mines each on arrival); receipts are checked once at the end.
 */
export async function deployBenchFarms(
  anvil: Anvil,
  world: World,
  options: { farmCount: number; accounts: Address[] },
): Promise<FarmRef[]> {
  const client = anvil.client;
  const nonces = new Map<Address, number>();
  const hashes: Hex[] = [];
  const send = async (sender: Address, to: Address | undefined, data: Hex) => {
    const from = getAddress(sender); // one nonce counter per account, whatever the letter case
    const nonce =
      nonces.get(from) ?? (await client.getTransactionCount({ address: from, blockTag: 'pending' }));
    nonces.set(from, nonce + 1);
    const hash = (await client.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from,
          data,
          nonce: `0x${nonce.toString(16)}`,
          gas: to ? '0x2dc6c0' : '0x7a1200',
          ...(to ? { to } : {}),
        },
      ],
    } as never)) as Hex;
    hashes.push(hash);
    // Many transactions per block (anvil slows down with every block it keeps), and its pool is bounded:
    // mine what is pending now and then.
    if (hashes.length % 50 === 0) await mineAll(hash);
    return nonce;
  };
  /** Mines blocks until `hash` is in one (a block holds 30M gas: a few deploys and many calls). */
  const mineAll = async (hash: Hex) => {
    for (let blocks = 0; blocks < 100; blocks += 1) {
      const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined);
      if (receipt) return;
      await client.request({ method: 'evm_mine', params: [] } as never);
    }
    const tx = await client.getTransaction({ hash }).catch(() => undefined);
    const pool = await client.request({ method: 'txpool_status', params: [] } as never);
    throw new Error(
      `bench setup transaction ${hash} (from ${tx?.from} nonce ${tx?.nonce}, gas ${tx?.gas}) stays pending after 100 blocks; pool ${JSON.stringify(pool)}`,
    );
  };
  await client.request({ method: 'evm_setAutomine', params: [false] } as never);
  const call = (
    from: Address,
    to: Address,
    abi: Abi | readonly unknown[],
    functionName: string,
    args: unknown[],
  ) => send(from, to, encodeFunctionData({ abi: abi as Abi, functionName, args }));

  const deployer = world.accounts.deployer.address;
  const lp = world.pairs['WMATIC-USDC'].address;
  // Rewards in mintable test tokens (dQUICK comes from its lair, which mints only against QUICK).
  const [rewardA, rewardB] = [world.tokens.QUICK.address, world.tokens.WMATIC.address];
  const deployerLp = await client.readContract({
    address: lp,
    abi: pair.abi,
    functionName: 'balanceOf',
    args: [deployer],
  });
  const stakePerFarm = deployerLp / BigInt((options.accounts.length + 1) * options.farmCount * 2);
  for (const account of options.accounts) {
    if (account.toLowerCase() === deployer.toLowerCase()) continue;
    await call(deployer, lp, pair.abi, 'transfer', [account, stakePerFarm * BigInt(options.farmCount)]);
  }

  const farms: FarmRef[] = [];
  const duration = 30n * 86_400n;
  const reward = 1_000n * 10n ** 18n;
  for (let i = 0; i < options.farmCount; i++) {
    const isDual = i % 4 === 3;
    const bytecode = isDual
      ? encodeDeployData({
          abi: stakingDualRewards.abi,
          bytecode: stakingDualRewards.bytecode,
          args: [deployer, deployer, rewardA, rewardB, lp],
        })
      : encodeDeployData({
          abi: stakingRewards.abi,
          bytecode: stakingRewards.bytecode,
          args: [deployer, rewardA, lp],
        });
    const nonce = await send(deployer, undefined, bytecode);
    const address = getContractAddress({ from: deployer, nonce: BigInt(nonce) });
    farms.push({ address, kind: isDual ? 'dual' : 'lp' });
    await call(deployer, rewardA, testErc20.abi, 'mint', [address, reward]);
    if (isDual) {
      await call(deployer, rewardB, testErc20.abi, 'mint', [address, reward]);
      await call(deployer, address, stakingDualRewards.abi, 'notifyRewardAmount', [reward, reward, duration]);
    } else {
      await call(deployer, address, stakingRewards.abi, 'notifyRewardAmount', [reward, duration]);
    }
    for (const account of options.accounts) {
      await call(account, lp, pair.abi, 'approve', [address, maxUint256]);
      await call(account, address, isDual ? stakingDualRewards.abi : stakingRewards.abi, 'stake', [
        stakePerFarm,
      ]);
    }
  }
  // Every transaction in a block (a full block leaves some pending: mine until none is), then automine again.
  for (const hash of hashes) await mineAll(hash);
  await client.request({ method: 'evm_setAutomine', params: [true] } as never);
  for (const hash of hashes) {
    const receipt = await client
      .waitForTransactionReceipt({ hash, timeout: 20_000 })
      .catch(async (error: unknown) => {
        const tx = await client.getTransaction({ hash }).catch(() => undefined);
        throw new Error(
          `bench setup transaction ${hash} (from ${tx?.from}, nonce ${tx?.nonce}) was not mined: ${String(error)}`,
        );
      });
    if (receipt.status !== 'success') throw new Error(`bench setup transaction ${hash} reverted`);
  }
  await anvil.increaseTime(3_600);
  return farms;
}

import { type FarmKind, farmKindList } from '@tidewatch/shared/farm-kinds';
/**
 * QuickSwap's factories are Solidity 0.5.16, and so are ours (solidity/v0.5.16/). There, reading the public
 * `stakingTokens` array past its end executes INVALID, which burns all the gas the call was given; solc 0.8
 * reverts cheaply instead (Panic 0x32). Inside one Multicall3 `aggregate3` the burn leaves the batch 1/64 of
 * its gas at most, so every later call starves and, often, the whole batch runs out of gas even with
 * allowFailure. A 0.8 contract with the same array, compiled here, is the contrast.
 */
import { type Anvil, startAnvil, TxSender, testAccounts } from '@tidewatch/testkit';
import solc from 'solc';
import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, numberToHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MULTICALL3_CANONICAL_ADDRESS,
  multicall3,
  stakingRewardsDualFactory,
  stakingRewardsFactory,
  testErc20,
} from './index.ts';

const GAS = 1_000_000n;
const deployer = testAccounts.deployer.address;

/** The same public array under solc 0.8 (the contrast: an out-of-range read reverts cheaply). */
function compileArray08(): { abi: readonly unknown[]; bytecode: Hex } {
  const content = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract StakingTokens08 {
    address[] public stakingTokens;
    constructor(address stakingToken) { stakingTokens.push(stakingToken); }
}`;
  const input = {
    language: 'Solidity',
    sources: { 'staking-tokens-08.sol': { content } },
    settings: {
      evmVersion: 'paris',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const artifact = output.contracts['staking-tokens-08.sol'].StakingTokens08;
  return { abi: artifact.abi, bytecode: `0x${artifact.evm.bytecode.object}` };
}

let anvil: Anvil;
let stakingToken: Address;
const factories = {} as Record<FarmKind | 'solc08', Address>;

beforeAll(async () => {
  const array08 = compileArray08();
  anvil = await startAnvil();
  const tx = new TxSender(anvil);
  const { timestamp } = await anvil.client.getBlock();
  const genesis = timestamp + 3_600n;
  stakingToken = await tx.deploy(deployer, testErc20, ['Staked LP', 'SLP', 18], 'staking token');
  const rewardA = await tx.deploy(deployer, testErc20, ['Reward A', 'RWA', 18], 'reward A');
  const rewardB = await tx.deploy(deployer, testErc20, ['Reward B', 'RWB', 18], 'reward B');
  factories.lp = await tx.deploy(deployer, stakingRewardsFactory, [rewardA, genesis], 'LP factory');
  await tx.call(deployer, factories.lp, stakingRewardsFactory.abi, 'deploy', [
    stakingToken,
    10n ** 18n,
    86_400n,
  ]);
  factories.dual = await tx.deploy(deployer, stakingRewardsDualFactory, [genesis], 'dual factory');
  await tx.call(deployer, factories.dual, stakingRewardsDualFactory.abi, 'deploy', [
    deployer,
    stakingToken,
    rewardA,
    rewardB,
    10n ** 18n,
    10n ** 18n,
    86_400n,
  ]);
  factories.solc08 = await tx.deploy(deployer, array08, [stakingToken], 'solc 0.8 array');
  await tx.flush();
  await tx.assertAllSucceeded();
});

afterAll(async () => {
  await anvil?.stop();
});

const readAt = (index: bigint) =>
  encodeFunctionData({ abi: stakingRewardsFactory.abi, functionName: 'stakingTokens', args: [index] });

/** eth_call as the node answers it (viem would hide the node's own message). */
async function rawCall(to: Address, data: Hex, gas: bigint): Promise<{ result?: Hex; error?: string }> {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ to, data, gas: numberToHex(gas) }, 'latest'],
    }),
  });
  const body = (await response.json()) as { result?: Hex; error?: { message: string } };
  return { result: body.result, error: body.error?.message };
}

/** Sends `data` to `to` with an explicit gas limit (no estimate) and returns what the receipt says. */
async function send(to: Address, data: Hex, gas: bigint) {
  const hash = await anvil.client.sendTransaction({
    account: deployer,
    to,
    data,
    gas,
    chain: anvil.client.chain,
  });
  const { status, gasUsed } = await anvil.client.waitForTransactionReceipt({ hash, pollingInterval: 10 });
  return { status, gasUsed };
}

const aggregate3 = (target: Address, calls: Hex[]) =>
  encodeFunctionData({
    abi: multicall3.abi,
    functionName: 'aggregate3',
    args: [calls.map((callData) => ({ target, allowFailure: true, callData }))],
  });

const successes = (data: Hex) =>
  decodeFunctionResult({ abi: multicall3.abi, functionName: 'aggregate3', data }).map((r) => r.success);

describe.each(farmKindList)('the %s factory (Solidity 0.5.16) read past the end', (kind) => {
  it('stakingTokens(0) answers; stakingTokens(1) executes INVALID and burns all the gas it is given', async () => {
    const first = await rawCall(factories[kind], readAt(0n), GAS);
    expect(first.error).toBeUndefined();
    expect(
      decodeFunctionResult({
        abi: stakingRewardsFactory.abi,
        functionName: 'stakingTokens',
        data: first.result!,
      }),
    ).toBe(stakingToken);

    const pastEnd = await rawCall(factories[kind], readAt(1n), GAS);
    expect(pastEnd.error).toMatch(/InvalidFEOpcode|invalid opcode/i);
    // As a transaction: reverted, and every unit of the gas limit is gone.
    expect(await send(factories[kind], readAt(1n), GAS)).toEqual({ status: 'reverted', gasUsed: GAS });
    // In range, the same read costs a few tens of thousands at most.
    const inRange = await send(factories[kind], readAt(0n), GAS);
    expect(inRange.status).toBe('success');
    expect(inRange.gasUsed).toBeLessThan(50_000n);
  });

  it('inside aggregate3 (allowFailure true), reads past the end run the whole batch out of gas', async () => {
    // An enumeration that reads past the end: the first past-end read leaves 1/64 of the gas, the next
    // leaves nothing for Multicall3 itself.
    const batch = aggregate3(factories[kind], [readAt(0n), readAt(1n), readAt(2n)]);
    expect((await rawCall(MULTICALL3_CANONICAL_ADDRESS, batch, GAS)).error).toMatch(/OutOfGas|out of gas/i);
    expect(await send(MULTICALL3_CANONICAL_ADDRESS, batch, GAS)).toEqual({
      status: 'reverted',
      gasUsed: GAS,
    });

    // One past-end read is enough when what is left (1/64) cannot pay for the calls after it: the valid
    // read behind it is starved and the batch fails as a whole.
    const starved = aggregate3(factories[kind], [readAt(1n), readAt(0n)]);
    expect((await rawCall(MULTICALL3_CANONICAL_ADDRESS, starved, 200_000n)).error).toMatch(
      /OutOfGas|out of gas/i,
    );

    // Where 1/64 is enough for the rest, the batch answers, but the past-end read has still burnt
    // at least 63/64 of the gas limit.
    const survives = aggregate3(factories[kind], [readAt(0n), readAt(1n), readAt(0n)]);
    const answered = await rawCall(MULTICALL3_CANONICAL_ADDRESS, survives, GAS);
    expect(successes(answered.result!)).toEqual([true, false, true]);
    const sent = await send(MULTICALL3_CANONICAL_ADDRESS, survives, GAS);
    expect(sent.status).toBe('success');
    expect(sent.gasUsed).toBeGreaterThan((GAS * 63n) / 64n);
  });
});

describe('the same array under solc 0.8 (contrast)', () => {
  it('reverts a read past the end cheaply, so aggregate3 answers every call', async () => {
    const pastEnd = await rawCall(factories.solc08, readAt(1n), GAS);
    expect(pastEnd.error).toMatch(/revert/i);
    const sent = await send(factories.solc08, readAt(1n), GAS);
    expect(sent.status).toBe('reverted');
    expect(sent.gasUsed).toBeLessThan(50_000n);

    const batch = aggregate3(factories.solc08, [readAt(0n), readAt(1n), readAt(2n)]);
    expect(successes((await rawCall(MULTICALL3_CANONICAL_ADDRESS, batch, GAS)).result!)).toEqual([
      true,
      false,
      false,
    ]);
    const starved = aggregate3(factories.solc08, [readAt(1n), readAt(0n)]);
    expect(successes((await rawCall(MULTICALL3_CANONICAL_ADDRESS, starved, 200_000n)).result!)).toEqual([
      false,
      true,
    ]);
    const batchSent = await send(MULTICALL3_CANONICAL_ADDRESS, batch, GAS);
    expect(batchSent.status).toBe('success');
    expect(batchSent.gasUsed).toBeLessThan(100_000n);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedPath, recordedDigest, sourcesDigest } from '../scripts/compile.ts';
import {
  multicall3,
  pair,
  stakingDualRewards,
  stakingRewards,
  testErc20,
  testErc20Bytes32,
} from './index.ts';

describe('generated contract artifacts', () => {
  // The digest of every source, setting and compiler the module was compiled from (decision 043): a source, a
  // setting or the script changed without compiling again fails here. `npm run contracts:check` compiles it all
  // again and compares the whole module.
  it('were compiled from the Solidity sources as they are (run `npm run contracts:compile` if not)', () => {
    expect(recordedDigest(readFileSync(generatedPath, 'utf8'))).toBe(sourcesDigest());
  });

  it('expose the functions Tidewatch reads', () => {
    const names = (abi: readonly { type: string; name?: string }[]) =>
      abi.filter((item) => item.type === 'function').map((item) => item.name);
    expect(names(testErc20.abi)).toEqual(expect.arrayContaining(['symbol', 'decimals', 'mint', 'transfer']));
    expect(
      testErc20Bytes32.abi.find((item) => item.type === 'function' && item.name === 'symbol'),
    ).toMatchObject({
      outputs: [{ type: 'bytes32' }],
    });
    expect(names(pair.abi)).toEqual(
      expect.arrayContaining(['token0', 'token1', 'getReserves', 'totalSupply', 'factory', 'mint', 'sync']),
    );
    expect(names(stakingRewards.abi)).toEqual(
      expect.arrayContaining(['rewardRate', 'periodFinish', 'earned', 'stake', 'notifyRewardAmount']),
    );
    expect(names(stakingDualRewards.abi)).toEqual(
      expect.arrayContaining(['rewardRateA', 'rewardRateB', 'earnedA', 'earnedB', 'paused', 'setPaused']),
    );
    expect(names(multicall3.abi)).toEqual(
      expect.arrayContaining(['aggregate3', 'getBlockNumber', 'getEthBalance']),
    );
    expect(multicall3.deployedBytecode).toMatch(/^0x[0-9a-f]{1000,}$/);
  });
});

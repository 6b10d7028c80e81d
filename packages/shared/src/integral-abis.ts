/**
 * The ABI fragments the app reads QuickSwap V4 (Algebra Integral 1.2.1, Base) with, and nothing more: `as const`
 * JSON ABI, so viem infers argument and return types. packages/contracts/src/integral-abis.test.ts checks every fragment against the npm
 * artifacts of @cryptoalgebra/integral-core and integral-periphery 1.2.1, the bytecode Base runs (its pool
 * init-code hash is that package's): the app cannot read what the deployed contracts lack.
 *
 * Where Integral differs from Algebra V1.0 (quickswap-chains-2026.md §4): positions() has 12 fields, a `deployer`
 * after token1 (≠ 0: a custom pool); globalState() is (price, tick, lastFee, pluginConfig, communityFee, unlocked);
 * ticks() is (liquidityTotal, liquidityDelta, prevTick, nextTick, outerFeeGrowth0Token, outerFeeGrowth1Token).
 */

import { fn, p, tuple } from './abi-fragments.ts';

const address = <const N extends string>(name: N) => p(name, 'address');

export const integralAbis = {
  factory: [
    fn('poolDeployer', [], [address('')], 'view'),
    fn('POOL_INIT_CODE_HASH', [], [p('', 'bytes32')], 'view'),
    fn('poolByPair', [address(''), address('')], [address('')], 'view'),
    fn('customPoolByPair', [address(''), address(''), address('')], [address('')], 'view'),
  ],
  positionManager: [
    fn('factory', [], [address('')], 'view'),
    fn('poolDeployer', [], [address('')], 'view'),
    fn('WNativeToken', [], [address('')], 'view'),
    fn('balanceOf', [address('owner')], [p('', 'uint256')], 'view'),
    fn('tokenOfOwnerByIndex', [address('owner'), p('index', 'uint256')], [p('', 'uint256')], 'view'),
    fn('ownerOf', [p('tokenId', 'uint256')], [address('')], 'view'),
    fn(
      'positions',
      [p('tokenId', 'uint256')],
      [
        p('nonce', 'uint88'),
        address('operator'),
        address('token0'),
        address('token1'),
        address('deployer'),
        p('tickLower', 'int24'),
        p('tickUpper', 'int24'),
        p('liquidity', 'uint128'),
        p('feeGrowthInside0LastX128', 'uint256'),
        p('feeGrowthInside1LastX128', 'uint256'),
        p('tokensOwed0', 'uint128'),
        p('tokensOwed1', 'uint128'),
      ],
      'view',
    ),
    fn(
      'collect',
      [
        tuple('params', [
          p('tokenId', 'uint256'),
          address('recipient'),
          p('amount0Max', 'uint128'),
          p('amount1Max', 'uint128'),
        ]),
      ],
      [p('amount0', 'uint256'), p('amount1', 'uint256')],
      'payable',
    ),
  ],
  pool: [
    fn(
      'globalState',
      [],
      [
        p('price', 'uint160'),
        p('tick', 'int24'),
        p('lastFee', 'uint16'),
        p('pluginConfig', 'uint8'),
        p('communityFee', 'uint16'),
        p('unlocked', 'bool'),
      ],
      'view',
    ),
    fn(
      'ticks',
      [p('tick', 'int24')],
      [
        p('liquidityTotal', 'uint256'),
        p('liquidityDelta', 'int128'),
        p('prevTick', 'int24'),
        p('nextTick', 'int24'),
        p('outerFeeGrowth0Token', 'uint256'),
        p('outerFeeGrowth1Token', 'uint256'),
      ],
      'view',
    ),
    fn('totalFeeGrowth0Token', [], [p('', 'uint256')], 'view'),
    fn('totalFeeGrowth1Token', [], [p('', 'uint256')], 'view'),
    fn('liquidity', [], [p('', 'uint128')], 'view'),
    fn('token0', [], [address('')], 'view'),
    fn('token1', [], [address('')], 'view'),
  ],
} as const;

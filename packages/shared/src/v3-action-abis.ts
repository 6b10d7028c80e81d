/**
 * The ABI fragments the V3 position actions call (issue 46), and nothing more: `as const` JSON ABI, so viem and
 * wagmi infer argument and return types. packages/contracts/src/v3-action-abis.test.ts checks every fragment
 * against the pinned interfaces of the deployed contracts and the npm artifacts the test kit deploys (Algebra
 * V1.0's position manager and FarmingCenter, Merkl's distributor): the browser cannot call what Polygon's lack.
 */

import { fn, p, tuple } from './abi-fragments.ts';

const collectParams = tuple('params', [
  p('tokenId', 'uint256'),
  p('recipient', 'address'),
  p('amount0Max', 'uint128'),
  p('amount1Max', 'uint128'),
]);
const incentiveKey = tuple('key', [
  p('rewardToken', 'address'),
  p('bonusRewardToken', 'address'),
  p('pool', 'address'),
  p('startTime', 'uint256'),
  p('endTime', 'uint256'),
]);
const amounts = [p('amount0', 'uint256'), p('amount1', 'uint256')] as const;

/** What the position manager and FarmingCenter both have (PeripheryPayments, Multicall). */
const payments = (mutability: 'payable') =>
  [
    fn('multicall', [p('data', 'bytes[]')], [p('results', 'bytes[]')], mutability),
    fn('unwrapWNativeToken', [p('amountMinimum', 'uint256'), p('recipient', 'address')], [], mutability),
    fn(
      'sweepToken',
      [p('token', 'address'), p('amountMinimum', 'uint256'), p('recipient', 'address')],
      [],
      mutability,
    ),
  ] as const;

export const v3ActionAbis = {
  /** QuickSwap V3's NonfungiblePositionManager (Algebra V1.0 periphery). */
  positionManager: [
    fn('collect', [collectParams], amounts, 'payable'),
    fn(
      'decreaseLiquidity',
      [
        tuple('params', [
          p('tokenId', 'uint256'),
          p('liquidity', 'uint128'),
          p('amount0Min', 'uint256'),
          p('amount1Min', 'uint256'),
          p('deadline', 'uint256'),
        ]),
      ],
      amounts,
      'payable',
    ),
    fn('burn', [p('tokenId', 'uint256')], [], 'payable'),
    fn('ownerOf', [p('tokenId', 'uint256')], [p('', 'address')], 'view'),
    fn(
      'positions',
      [p('tokenId', 'uint256')],
      [
        p('nonce', 'uint96'),
        p('operator', 'address'),
        p('token0', 'address'),
        p('token1', 'address'),
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
    fn('WNativeToken', [], [p('', 'address')], 'view'),
    ...payments('payable'),
  ],
  /** Algebra V1.0's FarmingCenter: it holds a farmed NFT; its L2 NFT's owner acts for it. */
  farmingCenter: [
    fn('collect', [collectParams], amounts, 'nonpayable'),
    fn(
      'collectRewards',
      [incentiveKey, p('tokenId', 'uint256')],
      [p('reward', 'uint256'), p('bonusReward', 'uint256')],
      'nonpayable',
    ),
    fn(
      'claimReward',
      [
        p('rewardToken', 'address'),
        p('to', 'address'),
        p('amountRequestedIncentive', 'uint256'),
        p('amountRequestedEternal', 'uint256'),
      ],
      [p('reward', 'uint256')],
      'nonpayable',
    ),
    fn('exitFarming', [incentiveKey, p('tokenId', 'uint256'), p('isLimit', 'bool')], [], 'nonpayable'),
    fn('withdrawToken', [p('tokenId', 'uint256'), p('to', 'address'), p('data', 'bytes')], [], 'nonpayable'),
    fn(
      'deposits',
      [p('', 'uint256')],
      [
        p('L2TokenId', 'uint256'),
        p('numberOfFarms', 'uint32'),
        p('inLimitFarming', 'bool'),
        p('owner', 'address'),
      ],
      'view',
    ),
    fn('ownerOf', [p('tokenId', 'uint256')], [p('', 'address')], 'view'),
    fn('nonfungiblePositionManager', [], [p('', 'address')], 'view'),
    ...payments('payable'),
  ],
  /** Merkl's Distributor: amounts are cumulative, proofs of the current tree. */
  merklDistributor: [
    fn(
      'claim',
      [
        p('users', 'address[]'),
        p('tokens', 'address[]'),
        p('amounts', 'uint256[]'),
        p('proofs', 'bytes32[][]'),
      ],
      [],
      'nonpayable',
    ),
    fn(
      'claimed',
      [p('', 'address'), p('', 'address')],
      [p('amount', 'uint208'), p('timestamp', 'uint48'), p('merkleRoot', 'bytes32')],
      'view',
    ),
    fn('getMerkleRoot', [], [p('', 'bytes32')], 'view'),
  ],
} as const;

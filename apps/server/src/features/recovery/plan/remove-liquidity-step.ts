import { router02 } from '@tidewatch/contracts';
import { deadlineAfter, removedAmounts } from '@tidewatch/shared/recovery-calls';
import { type Address, encodeFunctionData } from 'viem';
import type { PairState, RecoveryChainState } from './chain-state.ts';
import type { PlannedStep } from './plan-steps.ts';

/** The router's signatures: with a permit (one transaction), or after an approve the wallet already has. */
const removeWithPermit =
  'removeLiquidityWithPermit(address,address,uint256,uint256,uint256,address,uint256,bool,uint8,bytes32,bytes32)';
const removeAfterApprove = 'removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)';

/**
 * One pair's `remove_liquidity` of `liquidity` LP tokens through the router, paying what the pair's burn
 * pays (the protocol fee's mint first). Estimated only when ready and already approved: a permit is signed
 * in the wallet first, and there is no signature to estimate with yet.
 */
export function planRemoveLiquidity(
  state: RecoveryChainState,
  pair: PairState,
  liquidity: bigint,
  isReady: boolean,
  router: Address,
): PlannedStep {
  // The pair burns every LP token it holds: any already sitting in it is paid out with the wallet's.
  const { amount0, amount1 } =
    pair.totalSupply === 0n
      ? { amount0: 0n, amount1: 0n }
      : removedAmounts({ ...pair, feeOn: state.isFeeOn, liquidity: liquidity + pair.ownLp });
  const isApproved = pair.routerAllowance >= liquidity;
  return {
    id: `remove_liquidity:${router}:${pair.address}`,
    kind: 'remove_liquidity',
    contract: router,
    contractLabel: 'QuickSwap V2 router',
    function: isApproved ? removeAfterApprove : removeWithPermit,
    spends: { token: pair.lp, raw: liquidity },
    spender: null,
    receives: [
      { token: pair.token0, raw: amount0 },
      { token: pair.token1, raw: amount1 },
    ],
    isReady,
    note: null,
    // A permit is signed in the wallet first: there is no signature to estimate with yet.
    estimate:
      isReady && isApproved
        ? {
            to: router,
            data: encodeFunctionData({
              abi: router02.abi,
              functionName: 'removeLiquidity',
              args: [
                pair.token0.address,
                pair.token1.address,
                liquidity,
                0n,
                0n,
                state.wallet,
                deadlineAfter(state.blockTimestamp),
              ],
            }),
          }
        : null,
    typicalGas: 'remove_liquidity',
  };
}

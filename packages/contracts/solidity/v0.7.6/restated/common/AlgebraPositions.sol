// SPDX-License-Identifier: GPL-2.0-or-later
// Written for Tidewatch's test kit (README.md in the folder above): reads of an Algebra V1.0 pool the restated
// vaults share. No vault's own logic lives here.
pragma solidity 0.7.6;

import '@uniswap/v3-core/contracts/libraries/TickMath.sol';
import '@uniswap/v3-periphery/contracts/libraries/LiquidityAmounts.sol';
import 'contracts/algebra/interfaces/IAlgebraPool.sol';

library AlgebraPositions {
    /// @notice Algebra V1.0's key of a position: (owner << 48) | (bottomTick << 24) | topTick, ticks as 24 bits
    /// (PositionKey in Algebra's core; Uniswap V3 hashes the three instead).
    function key(address owner, int24 tickLower, int24 tickUpper) internal pure returns (bytes32 positionKey) {
        assembly {
            positionKey := or(shl(24, or(shl(24, owner), and(tickLower, 0xFFFFFF))), and(tickUpper, 0xFFFFFF))
        }
    }

    /// @notice The pool's record of `owner`'s position: its liquidity and the tokens owed to it (fees and burned
    /// liquidity not yet collected), as of the position's last mint, burn or poke.
    function read(IAlgebraPool pool, address owner, int24 tickLower, int24 tickUpper)
        internal
        view
        returns (uint128 liquidity, uint128 owed0, uint128 owed1)
    {
        (liquidity, , , , owed0, owed1) = pool.positions(key(owner, tickLower, tickUpper));
    }

    /// @notice The pool's current sqrt price (Q64.96) and tick.
    function price(IAlgebraPool pool) internal view returns (uint160 sqrtPriceX96, int24 tick) {
        (sqrtPriceX96, tick, , , , , ) = pool.globalState();
    }

    /// @notice Token amounts of `liquidity` in a range at the pool's current price (rounded down).
    function amountsForLiquidity(IAlgebraPool pool, int24 tickLower, int24 tickUpper, uint128 liquidity)
        internal
        view
        returns (uint256 amount0, uint256 amount1)
    {
        (uint160 sqrtPriceX96, ) = price(pool);
        return
            LiquidityAmounts.getAmountsForLiquidity(
                sqrtPriceX96,
                TickMath.getSqrtRatioAtTick(tickLower),
                TickMath.getSqrtRatioAtTick(tickUpper),
                liquidity
            );
    }

    /// @notice The most liquidity amount0 and amount1 give in a range at the pool's current price.
    function liquidityForAmounts(IAlgebraPool pool, int24 tickLower, int24 tickUpper, uint256 amount0, uint256 amount1)
        internal
        view
        returns (uint128)
    {
        (uint160 sqrtPriceX96, ) = price(pool);
        return
            LiquidityAmounts.getLiquidityForAmounts(
                sqrtPriceX96,
                TickMath.getSqrtRatioAtTick(tickLower),
                TickMath.getSqrtRatioAtTick(tickUpper),
                amount0,
                amount1
            );
    }

    /// @notice A position's amounts at the pool's price plus what the pool owes it: what the vaults report.
    function holdings(IAlgebraPool pool, address owner, int24 tickLower, int24 tickUpper)
        internal
        view
        returns (uint128 liquidity, uint256 amount0, uint256 amount1)
    {
        uint128 owed0;
        uint128 owed1;
        (liquidity, owed0, owed1) = read(pool, owner, tickLower, tickUpper);
        (amount0, amount1) = amountsForLiquidity(pool, tickLower, tickUpper, liquidity);
        amount0 += owed0;
        amount1 += owed1;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface IEnumerableNft {
    function balanceOf(address owner) external view returns (uint256);

    function tokenOfOwnerByIndex(address owner, uint256 index) external view returns (uint256);
}

interface IV2Factory {
    function allPairsLength() external view returns (uint256);

    function allPairs(uint256 index) external view returns (address);
}

interface IBalance {
    function balanceOf(address owner) external view returns (uint256);
}

/// @notice Never deployed. Its creation code runs in one eth_call (no `to`): the constructor reads everything a
/// wallet holds in QuickSwap on one chain and returns abi.encode(block number, block timestamp, v4, v2, syrups) in
/// place of runtime code (issue 47: one request per chain for every kind of position there).
/// - v4: per Algebra Integral position NFT the wallet holds, abi.encode(tokenId, positions() raw, pool, the pool's
///   globalState() raw, ticks(tickLower) raw, ticks(tickUpper) raw, totalFeeGrowth0Token, totalFeeGrowth1Token).
///   The pool is derived by CREATE2 from the pool deployer and init-code hash, the salt holding the position's
///   `deployer` when it is a custom pool (≠ 0), as Integral's periphery derives it.
/// - v2: per V2 pair (factory.allPairs from `pairsFrom`, at most `pairsMax`) whose LP the wallet holds,
///   abi.encode(pair, balance, token0, token1, getReserves() raw, totalSupply); and the pair count, to go on.
/// - syrups: per listed pool, abi.encode(pool, balanceOf, earned, rewardsToken, stakingToken, periodFinish) raw
///   answers, empty where the pool does not answer.
contract ChainWalletLens {
    struct Integral {
        address positionManager;
        address poolDeployer;
        bytes32 poolInitCodeHash;
    }

    constructor(
        address wallet,
        Integral memory integral,
        address v2Factory,
        uint256 pairsFrom,
        uint256 pairsMax,
        address[] memory syrups
    ) {
        bytes[] memory v4 = integral.positionManager == address(0) ? new bytes[](0) : readV4(wallet, integral);
        (bytes[] memory v2, uint256 pairCount) = v2Factory == address(0)
            ? (new bytes[](0), 0)
            : readV2(wallet, v2Factory, pairsFrom, pairsMax);
        bytes[] memory staked = readSyrups(wallet, syrups);
        bytes memory result = abi.encode(block.number, block.timestamp, v4, v2, pairCount, staked);
        assembly {
            return(add(result, 32), mload(result))
        }
    }

    function readV4(address wallet, Integral memory integral) internal view returns (bytes[] memory found) {
        uint256 owned = IEnumerableNft(integral.positionManager).balanceOf(wallet);
        found = new bytes[](owned);
        for (uint256 i = 0; i < owned; i++) {
            uint256 tokenId = IEnumerableNft(integral.positionManager).tokenOfOwnerByIndex(wallet, i);
            bytes memory position = call(
                integral.positionManager,
                abi.encodeWithSignature('positions(uint256)', tokenId)
            );
            found[i] = readPool(tokenId, position, integral);
        }
    }

    function readPool(
        uint256 tokenId,
        bytes memory position,
        Integral memory integral
    ) internal view returns (bytes memory) {
        if (position.length < 12 * 32) return abi.encode(tokenId, position, address(0), '', '', '', 0, 0);
        (, , address token0, address token1, address deployer, int24 tickLower, int24 tickUpper) = abi.decode(
            position,
            (uint88, address, address, address, address, int24, int24)
        );
        bytes32 salt = deployer == address(0)
            ? keccak256(abi.encode(token0, token1))
            : keccak256(abi.encode(deployer, token0, token1));
        address pool = address(
            uint160(uint256(keccak256(abi.encodePacked(hex'ff', integral.poolDeployer, salt, integral.poolInitCodeHash))))
        );
        return
            abi.encode(
                tokenId,
                position,
                pool,
                call(pool, abi.encodeWithSignature('globalState()')),
                call(pool, abi.encodeWithSignature('ticks(int24)', tickLower)),
                call(pool, abi.encodeWithSignature('ticks(int24)', tickUpper)),
                word(call(pool, abi.encodeWithSignature('totalFeeGrowth0Token()'))),
                word(call(pool, abi.encodeWithSignature('totalFeeGrowth1Token()')))
            );
    }

    function readV2(
        address wallet,
        address factory,
        uint256 from,
        uint256 max
    ) internal view returns (bytes[] memory held, uint256 pairCount) {
        pairCount = IV2Factory(factory).allPairsLength();
        uint256 end = from + max < pairCount ? from + max : pairCount;
        bytes[] memory all = new bytes[](end > from ? end - from : 0);
        uint256 count = 0;
        for (uint256 i = from; i < end; i++) {
            address pair = IV2Factory(factory).allPairs(i);
            uint256 balance = IBalance(pair).balanceOf(wallet);
            if (balance == 0) continue;
            all[count++] = abi.encode(
                pair,
                balance,
                call(pair, abi.encodeWithSignature('token0()')),
                call(pair, abi.encodeWithSignature('token1()')),
                call(pair, abi.encodeWithSignature('getReserves()')),
                word(call(pair, abi.encodeWithSignature('totalSupply()')))
            );
        }
        held = new bytes[](count);
        for (uint256 j = 0; j < count; j++) held[j] = all[j];
    }

    function readSyrups(address wallet, address[] memory syrups) internal view returns (bytes[] memory staked) {
        staked = new bytes[](syrups.length);
        for (uint256 i = 0; i < syrups.length; i++) {
            address pool = syrups[i];
            staked[i] = abi.encode(
                pool,
                call(pool, abi.encodeWithSignature('balanceOf(address)', wallet)),
                call(pool, abi.encodeWithSignature('earned(address)', wallet)),
                call(pool, abi.encodeWithSignature('rewardsToken()')),
                call(pool, abi.encodeWithSignature('stakingToken()')),
                call(pool, abi.encodeWithSignature('periodFinish()'))
            );
        }
    }

    /// A read that failed (no code, a revert) comes back empty: the caller names it instead of losing the answer.
    function call(address target, bytes memory data) internal view returns (bytes memory) {
        if (target.code.length == 0) return '';
        (bool ok, bytes memory answer) = target.staticcall(data);
        return ok ? answer : bytes('');
    }

    function word(bytes memory answer) internal pure returns (uint256) {
        return answer.length >= 32 ? abi.decode(answer, (uint256)) : 0;
    }
}

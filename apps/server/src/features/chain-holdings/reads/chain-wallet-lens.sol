// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface IV2Factory {
    function allPairsLength() external view returns (uint256);

    function allPairs(uint256 index) external view returns (address);
}

interface IBalance {
    function balanceOf(address owner) external view returns (uint256);
}

/// @notice Never deployed. Its creation code runs in one eth_call (no `to`): the constructor reads everything a
/// wallet holds in QuickSwap on one chain and reverts with Answer(abi.encode(block number, block timestamp, nfts,
/// v2, pair count, abi.encode(single stakes, dual stakes))) (issue 47: one request per chain for every kind of
/// position there). A revert, not a return: code a constructor returns is capped at 24,576 bytes (EIP-170), and a
/// wallet with many positions answers more; revert data has no such cap.
/// - nfts: per concentrated-liquidity position NFT the wallet holds, then per one it deposited in Algebra farming
///   (the FarmingCenter's L2 NFTs it holds -> l2Nfts(id).tokenId), abi.encode(tokenId, isFarmed, positions() raw,
///   pool, abi.encode(the pool's globalState() raw, ticks(tickLower) raw, ticks(tickUpper) raw,
///   totalFeeGrowth0Token, totalFeeGrowth1Token)). Algebra Integral's positions() names the pool's `deployer` (a
///   custom pool's, in the salt) and Algebra V1.0's does not (`hasDeployer`); the pool is derived by CREATE2 from
///   the pool deployer and init-code hash as each version's periphery derives it.
/// - v2: per V2 pair (factory.allPairs from `pairsFrom`, at most `pairsMax`) whose LP the wallet holds,
///   abi.encode(pair, balance, token0, token1, getReserves() raw, totalSupply); and the pair count, to go on.
/// - single stakes: per StakingRewards contract (a syrup pool, a V2 LP farm) where the wallet has stake or
///   rewards, abi.encode(contract, balanceOf, earned, rewardsToken, stakingToken, periodFinish, pair state);
///   dual stakes the same of a dual-rewards farm, with earnedA, earnedB, rewardsTokenA, rewardsTokenB. The pair
///   state is the staking token's token0, token1, getReserves() and totalSupply() raw (empty when it is no pair).
contract ChainWalletLens {
    error Answer(bytes answer);

    struct Concentrated {
        address positionManager;
        address poolDeployer;
        bytes32 poolInitCodeHash;
        address farmingCenter;
        bool hasDeployer;
    }

    struct Stakings {
        address[] single;
        address[] dual;
    }

    constructor(
        address wallet,
        Concentrated memory concentrated,
        address v2Factory,
        uint256 pairsFrom,
        uint256 pairsMax,
        Stakings memory stakings
    ) {
        bytes[] memory nfts = concentrated.positionManager == address(0)
            ? new bytes[](0)
            : readNfts(wallet, concentrated);
        (bytes[] memory v2, uint256 pairCount) = v2Factory == address(0)
            ? (new bytes[](0), 0)
            : readV2(wallet, v2Factory, pairsFrom, pairsMax);
        bytes memory stakes = abi.encode(readSingle(wallet, stakings.single), readDual(wallet, stakings.dual));
        revert Answer(abi.encode(block.number, block.timestamp, nfts, v2, pairCount, stakes));
    }

    /// Every read through `call`: a manager or farming center that is not there (an instance without V3) lists none.
    function readNfts(address wallet, Concentrated memory c) internal view returns (bytes[] memory found) {
        uint256 owned = word(call(c.positionManager, abi.encodeWithSignature('balanceOf(address)', wallet)));
        uint256 farmed = word(call(c.farmingCenter, abi.encodeWithSignature('balanceOf(address)', wallet)));
        found = new bytes[](owned + farmed);
        for (uint256 i = 0; i < owned; i++) {
            found[i] = readPosition(nthToken(c.positionManager, wallet, i), false, c);
        }
        for (uint256 j = 0; j < farmed; j++) {
            bytes memory l2 = call(
                c.farmingCenter,
                abi.encodeWithSignature('l2Nfts(uint256)', nthToken(c.farmingCenter, wallet, j))
            );
            uint256 tokenId = 0;
            if (l2.length >= 96) (, , tokenId) = abi.decode(l2, (uint96, address, uint256));
            found[owned + j] = readPosition(tokenId, true, c);
        }
    }

    function nthToken(address nft, address wallet, uint256 index) internal view returns (uint256) {
        return word(call(nft, abi.encodeWithSignature('tokenOfOwnerByIndex(address,uint256)', wallet, index)));
    }

    function readPosition(uint256 tokenId, bool isFarmed, Concentrated memory c) internal view returns (bytes memory) {
        bytes memory position = call(c.positionManager, abi.encodeWithSignature('positions(uint256)', tokenId));
        // positions() answers 12 words on Integral, 11 on Algebra V1.0.
        if (position.length < (c.hasDeployer ? uint256(12 * 32) : uint256(11 * 32))) {
            return abi.encode(tokenId, isFarmed, position, address(0), '');
        }
        address token0;
        address token1;
        address deployer;
        int24 tickLower;
        int24 tickUpper;
        if (c.hasDeployer) {
            (, , token0, token1, deployer, tickLower, tickUpper) = abi.decode(
                position,
                (uint88, address, address, address, address, int24, int24)
            );
        } else {
            (, , token0, token1, tickLower, tickUpper) = abi.decode(
                position,
                (uint96, address, address, address, int24, int24)
            );
        }
        bytes32 salt = deployer == address(0)
            ? keccak256(abi.encode(token0, token1))
            : keccak256(abi.encode(deployer, token0, token1));
        address pool = address(
            uint160(uint256(keccak256(abi.encodePacked(hex'ff', c.poolDeployer, salt, c.poolInitCodeHash))))
        );
        return abi.encode(tokenId, isFarmed, position, pool, poolState(pool, tickLower, tickUpper));
    }

    function poolState(address pool, int24 tickLower, int24 tickUpper) internal view returns (bytes memory) {
        return
            abi.encode(
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
        held = shrink(all, count);
    }

    function readSingle(address wallet, address[] memory stakings) internal view returns (bytes[] memory) {
        bytes[] memory all = new bytes[](stakings.length);
        uint256 count = 0;
        for (uint256 i = 0; i < stakings.length; i++) {
            address staking = stakings[i];
            bytes memory staked = call(staking, abi.encodeWithSignature('balanceOf(address)', wallet));
            bytes memory earned = call(staking, abi.encodeWithSignature('earned(address)', wallet));
            if (word(staked) == 0 && word(earned) == 0) continue;
            all[count++] = abi.encode(
                staking,
                staked,
                earned,
                call(staking, abi.encodeWithSignature('rewardsToken()')),
                stakingState(staking)
            );
        }
        return shrink(all, count);
    }

    function readDual(address wallet, address[] memory stakings) internal view returns (bytes[] memory) {
        bytes[] memory all = new bytes[](stakings.length);
        uint256 count = 0;
        for (uint256 i = 0; i < stakings.length; i++) {
            address staking = stakings[i];
            bytes memory staked = call(staking, abi.encodeWithSignature('balanceOf(address)', wallet));
            bytes memory earnedA = call(staking, abi.encodeWithSignature('earnedA(address)', wallet));
            bytes memory earnedB = call(staking, abi.encodeWithSignature('earnedB(address)', wallet));
            if (word(staked) == 0 && word(earnedA) == 0 && word(earnedB) == 0) continue;
            all[count++] = abi.encode(
                staking,
                staked,
                abi.encode(earnedA, earnedB),
                abi.encode(
                    call(staking, abi.encodeWithSignature('rewardsTokenA()')),
                    call(staking, abi.encodeWithSignature('rewardsTokenB()'))
                ),
                stakingState(staking)
            );
        }
        return shrink(all, count);
    }

    /// What a stake's worth is read from: its staking token and end, and that token's pair state (empty for a
    /// token that is no pair: a syrup's QUICK).
    function stakingState(address staking) internal view returns (bytes memory) {
        bytes memory stakingToken = call(staking, abi.encodeWithSignature('stakingToken()'));
        address token = stakingToken.length >= 32 ? abi.decode(stakingToken, (address)) : address(0);
        return
            abi.encode(
                stakingToken,
                call(staking, abi.encodeWithSignature('periodFinish()')),
                call(token, abi.encodeWithSignature('token0()')),
                call(token, abi.encodeWithSignature('token1()')),
                call(token, abi.encodeWithSignature('getReserves()')),
                call(token, abi.encodeWithSignature('totalSupply()'))
            );
    }

    function shrink(bytes[] memory all, uint256 count) internal pure returns (bytes[] memory kept) {
        kept = new bytes[](count);
        for (uint256 j = 0; j < count; j++) kept[j] = all[j];
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

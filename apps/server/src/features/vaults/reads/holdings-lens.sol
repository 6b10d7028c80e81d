// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice Never deployed. Its creation code runs in one eth_call (no `to`): the constructor reads what `wallet`
/// has in every listed place at once and returns abi.encode(block number, block timestamp, what it holds, what
/// failed) in place of runtime code. The addresses travel once in the calldata and each read costs only gas, so
/// hundreds of vaults and every syrup pool fit in one request the RPC accepts (an aggregate3 of the same reads
/// would not). Only places where the wallet has something are answered, by their index, so the answer stays under
/// the 24,576 bytes a creation may return (EIP-170); the indexes of reads that failed (no contract there, a
/// revert, a short answer) are answered apart: unknown, not zero.
contract VaultHoldingsLens {
    struct Held {
        uint256 index;
        uint256 amount;
    }

    struct PoolStake {
        uint256 index;
        uint256 staked;
        uint256 earned;
        uint256 periodFinish;
        address stakingToken;
        address rewardsToken;
    }

    /// Where a vault's shares are staked: `kind` NONE, MASTERCHEF (Gamma's: userInfo, getRewarder), MINICHEF
    /// (Sushi's MiniChefV2, DefiEdge's: userInfo, rewarder) or STAKING_REWARDS (Steer's pools: balanceOf, earned).
    struct Staking {
        uint8 kind;
        address place;
        uint256 pid;
    }

    uint8 private constant NONE = 0;
    uint8 private constant MASTERCHEF = 1;
    uint8 private constant MINICHEF = 2;
    uint8 private constant STAKING_REWARDS = 3;

    struct VaultShares {
        uint256 index;
        uint256 held;
        uint256 staked;
        address token0;
        address token1;
        /// The pool the vault provides liquidity to (every manager answers `pool()`): its price is read from it.
        address pool;
        /// The staking's own reward token: the chef's SUSHI(), the staking pool's rewardsToken().
        address rewardToken;
        /// The chef's rewarders of the pool (Gamma: getRewarder(pid, 0..), at most two; MiniChefV2: rewarder(pid)),
        /// and their tokens.
        address[2] rewarders;
        address[2] rewarderTokens;
    }

    /// @param tokens ERC-20s whose balanceOf(wallet) is read (the lairs' dQUICK).
    /// @param pools StakingRewards (syrup pools): balanceOf, earned, periodFinish and their two tokens.
    /// @param vaults Vaults (Gamma, Steer, ICHI, DefiEdge): the shares held, and with `stakings` those staked;
    /// where it has shares, the vault's pool and that pool's token0 and token1, and the staking's reward tokens.
    constructor(
        address wallet,
        address[] memory tokens,
        address[] memory pools,
        address[] memory vaults,
        Staking[] memory stakings
    ) {
        (Held[] memory held, uint256[] memory failedTokens) = readBalances(wallet, tokens);
        (PoolStake[] memory staked, uint256[] memory failedPools) = readPools(wallet, pools);
        (VaultShares[] memory shares, uint256[] memory failedVaults) = readVaults(wallet, vaults, stakings);
        bytes memory result = abi.encode(
            block.number,
            block.timestamp,
            held,
            failedTokens,
            staked,
            failedPools,
            shares,
            failedVaults
        );
        assembly {
            return(add(result, 32), mload(result))
        }
    }

    function readBalances(
        address wallet,
        address[] memory tokens
    ) private view returns (Held[] memory held, uint256[] memory failed) {
        held = new Held[](tokens.length);
        failed = new uint256[](tokens.length);
        uint256 found;
        uint256 failures;
        for (uint256 i = 0; i < tokens.length; i++) {
            (bool ok, uint256 amount) = readWord(tokens[i], abi.encodeWithSignature('balanceOf(address)', wallet));
            if (!ok) failed[failures++] = i;
            else if (amount > 0) held[found++] = Held(i, amount);
        }
        assembly {
            mstore(held, found)
            mstore(failed, failures)
        }
    }

    function readPools(
        address wallet,
        address[] memory pools
    ) private view returns (PoolStake[] memory staked, uint256[] memory failed) {
        staked = new PoolStake[](pools.length);
        failed = new uint256[](pools.length);
        uint256 found;
        uint256 failures;
        for (uint256 i = 0; i < pools.length; i++) {
            (bool ok, PoolStake memory stake) = readPool(wallet, pools[i]);
            stake.index = i;
            if (!ok) failed[failures++] = i;
            else if (stake.staked > 0 || stake.earned > 0) staked[found++] = stake;
        }
        assembly {
            mstore(staked, found)
            mstore(failed, failures)
        }
    }

    function readPool(address wallet, address pool) private view returns (bool, PoolStake memory stake) {
        bool a;
        bool b;
        bool c;
        bool d;
        bool e;
        uint256 staking;
        uint256 rewards;
        (a, stake.staked) = readWord(pool, abi.encodeWithSignature('balanceOf(address)', wallet));
        (b, stake.earned) = readWord(pool, abi.encodeWithSignature('earned(address)', wallet));
        (c, stake.periodFinish) = readWord(pool, abi.encodeWithSignature('periodFinish()'));
        (d, staking) = readWord(pool, abi.encodeWithSignature('stakingToken()'));
        (e, rewards) = readWord(pool, abi.encodeWithSignature('rewardsToken()'));
        stake.stakingToken = address(uint160(staking));
        stake.rewardsToken = address(uint160(rewards));
        return (a && b && c && d && e, stake);
    }

    function readVaults(
        address wallet,
        address[] memory vaults,
        Staking[] memory stakings
    ) private view returns (VaultShares[] memory shares, uint256[] memory failed) {
        shares = new VaultShares[](vaults.length);
        failed = new uint256[](vaults.length);
        uint256 found;
        uint256 failures;
        for (uint256 i = 0; i < vaults.length; i++) {
            (bool ok, VaultShares memory share) = readVault(wallet, vaults[i], stakings[i]);
            share.index = i;
            if (!ok) failed[failures++] = i;
            else if (share.held > 0 || share.staked > 0) shares[found++] = share;
        }
        assembly {
            mstore(shares, found)
            mstore(failed, failures)
        }
    }

    function readVault(
        address wallet,
        address vault,
        Staking memory staking
    ) private view returns (bool, VaultShares memory share) {
        bool ok;
        (ok, share.held) = readWord(vault, abi.encodeWithSignature('balanceOf(address)', wallet));
        if (!ok) return (false, share);
        if (staking.kind != NONE) {
            (ok, share.staked) = readStake(wallet, vault, staking);
            if (!ok) return (false, share);
        }
        if (share.held == 0 && share.staked == 0) return (true, share);
        uint256 word;
        bool ok1;
        bool ok2;
        // The vault's pool, then the pool's tokens: every manager answers pool(), not all token0() (DefiEdge).
        (ok, word) = readWord(vault, abi.encodeWithSignature('pool()'));
        share.pool = address(uint160(word));
        (ok1, word) = readWord(share.pool, abi.encodeWithSignature('token0()'));
        share.token0 = address(uint160(word));
        (ok2, word) = readWord(share.pool, abi.encodeWithSignature('token1()'));
        share.token1 = address(uint160(word));
        if (staking.kind == STAKING_REWARDS) {
            (, word) = readWord(staking.place, abi.encodeWithSignature('rewardsToken()'));
            share.rewardToken = address(uint160(word));
        } else if (staking.kind != NONE) {
            (, word) = readWord(staking.place, abi.encodeWithSignature('SUSHI()'));
            share.rewardToken = address(uint160(word));
            if (staking.kind == MASTERCHEF) readRewarders(staking.place, staking.pid, share);
            else readMiniChefRewarder(staking.place, staking.pid, share);
        }
        return (ok && ok1 && ok2, share);
    }

    /// The wallet's shares staked where `staking` says, once that place is checked to stake this vault: a wrong pid
    /// or pool in a list would credit another vault's stake.
    function readStake(address wallet, address vault, Staking memory staking) private view returns (bool, uint256) {
        bool ok;
        uint256 token;
        if (staking.kind == STAKING_REWARDS) {
            (ok, token) = readWord(staking.place, abi.encodeWithSignature('stakingToken()'));
            if (!ok || address(uint160(token)) != vault) return (false, 0);
            return readWord(staking.place, abi.encodeWithSignature('balanceOf(address)', wallet));
        }
        (ok, token) = readWord(staking.place, abi.encodeWithSignature('lpToken(uint256)', staking.pid));
        if (!ok || address(uint160(token)) != vault) return (false, 0);
        // userInfo(pid, wallet) answers (amount, rewardDebt): the first word is the stake.
        return readWord(staking.place, abi.encodeWithSignature('userInfo(uint256,address)', staking.pid, wallet));
    }

    /// Gamma's MasterChef: the pool's rewarders, as many as the chef lists (a getRewarder past the last reverts), at
    /// most two.
    function readRewarders(address chef, uint256 pid, VaultShares memory share) private view {
        for (uint256 r = 0; r < 2; r++) {
            (bool ok, uint256 word) = readWord(chef, abi.encodeWithSignature('getRewarder(uint256,uint256)', pid, r));
            if (!ok || word == 0) return;
            share.rewarders[r] = address(uint160(word));
            (, uint256 token) = readWord(share.rewarders[r], abi.encodeWithSignature('rewardToken()'));
            share.rewarderTokens[r] = address(uint160(token));
        }
    }

    /// Sushi's MiniChefV2: one rewarder per pool (`rewarder(pid)`, the zero address for none).
    function readMiniChefRewarder(address chef, uint256 pid, VaultShares memory share) private view {
        (bool ok, uint256 word) = readWord(chef, abi.encodeWithSignature('rewarder(uint256)', pid));
        if (!ok || word == 0) return;
        share.rewarders[0] = address(uint160(word));
        (, uint256 token) = readWord(share.rewarders[0], abi.encodeWithSignature('rewardToken()'));
        share.rewarderTokens[0] = address(uint160(token));
    }

    /// The first word of a call's answer; false when the call failed or answered less than a word. Each call gets
    /// at most 200,000 gas: a contract compiled by solc < 0.8 burns all the gas it is given on an array read past the
    /// end (INVALID), as Gamma's MasterChef does on a getRewarder past its last rewarder, and must not take the
    /// whole lens with it.
    function readWord(address target, bytes memory data) private view returns (bool, uint256) {
        (bool ok, bytes memory answer) = target.staticcall{gas: 200_000}(data);
        if (!ok || answer.length < 32) return (false, 0);
        return (true, abi.decode(answer, (uint256)));
    }
}

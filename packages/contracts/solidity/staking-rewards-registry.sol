// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Stands in for QuickSwap's StakingRewardsFactory lookup: maps a staking token (an LP pair)
/// to its farm, with the same getter shape, without deploying the farms itself.
contract StakingRewardsRegistry {
    struct StakingRewardsInfo {
        address stakingRewards;
        uint256 rewardAmount;
        uint256 duration;
    }

    address public owner;
    address[] public stakingTokens;
    mapping(address => StakingRewardsInfo) public stakingRewardsInfoByStakingToken;

    constructor() {
        owner = msg.sender;
    }

    function stakingTokensLength() external view returns (uint256) {
        return stakingTokens.length;
    }

    function register(address stakingToken, address stakingRewards, uint256 rewardAmount, uint256 duration) external {
        require(msg.sender == owner, "StakingRewardsRegistry: FORBIDDEN");
        if (stakingRewardsInfoByStakingToken[stakingToken].stakingRewards == address(0)) {
            stakingTokens.push(stakingToken);
        }
        stakingRewardsInfoByStakingToken[stakingToken] = StakingRewardsInfo(stakingRewards, rewardAmount, duration);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity 0.5.16;

import "./interfaces.sol";
import "./ownable.sol";
import "./staking-rewards.sol";

/// QuickSwap's StakingRewardsFactory (quickswap-core contracts/staking/StakingRewardsFactory.sol), in
/// Solidity 0.5.16 like the deployed factories: deploys one StakingRewards per staking token, records
/// (stakingRewards, rewardAmount, duration) and the public stakingTokens array, and funds a farm from its own
/// reward-token balance when notified (the duration travels with the notification). As deployed, reading
/// stakingTokens(i) past the end executes INVALID and burns all the gas the call was given.
contract StakingRewardsFactory is Ownable {
    address public rewardsToken;
    uint256 public stakingRewardsGenesis;

    address[] public stakingTokens;

    struct StakingRewardsInfo {
        address stakingRewards;
        uint256 rewardAmount;
        uint256 duration;
    }

    mapping(address => StakingRewardsInfo) public stakingRewardsInfoByStakingToken;

    constructor(address _rewardsToken, uint256 _stakingRewardsGenesis) public Ownable() {
        require(_stakingRewardsGenesis >= block.timestamp, "StakingRewardsFactory::constructor: genesis too soon");
        rewardsToken = _rewardsToken;
        stakingRewardsGenesis = _stakingRewardsGenesis;
    }

    function deploy(address stakingToken, uint256 rewardAmount, uint256 rewardsDuration) public onlyOwner {
        StakingRewardsInfo storage info = stakingRewardsInfoByStakingToken[stakingToken];
        require(info.stakingRewards == address(0), "StakingRewardsFactory::deploy: already deployed");
        info.stakingRewards = address(new StakingRewards(address(this), rewardsToken, stakingToken));
        info.rewardAmount = rewardAmount;
        info.duration = rewardsDuration;
        stakingTokens.push(stakingToken);
    }

    function update(address stakingToken, uint256 rewardAmount, uint256 rewardsDuration) public onlyOwner {
        StakingRewardsInfo storage info = stakingRewardsInfoByStakingToken[stakingToken];
        require(info.stakingRewards != address(0), "StakingRewardsFactory::update: not deployed");
        info.rewardAmount = rewardAmount;
        info.duration = rewardsDuration;
    }

    function notifyRewardAmounts() public {
        require(stakingTokens.length > 0, "StakingRewardsFactory::notifyRewardAmounts: called before any deploys");
        for (uint256 i = 0; i < stakingTokens.length; i++) {
            notifyRewardAmount(stakingTokens[i]);
        }
    }

    function notifyRewardAmount(address stakingToken) public {
        require(block.timestamp >= stakingRewardsGenesis, "StakingRewardsFactory::notifyRewardAmount: not ready");
        StakingRewardsInfo storage info = stakingRewardsInfoByStakingToken[stakingToken];
        require(info.stakingRewards != address(0), "StakingRewardsFactory::notifyRewardAmount: not deployed");
        if (info.rewardAmount > 0 && info.duration > 0) {
            uint256 rewardAmount = info.rewardAmount;
            uint256 duration = info.duration;
            info.rewardAmount = 0;
            info.duration = 0;
            require(
                IERC20Min(rewardsToken).transfer(info.stakingRewards, rewardAmount),
                "StakingRewardsFactory::notifyRewardAmount: transfer failed"
            );
            StakingRewards(info.stakingRewards).notifyRewardAmount(rewardAmount, duration);
        }
    }

    function pullExtraTokens(address token, uint256 amount) external onlyOwner {
        IERC20Min(token).transfer(msg.sender, amount);
    }
}

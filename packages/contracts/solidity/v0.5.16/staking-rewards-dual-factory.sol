// SPDX-License-Identifier: MIT
pragma solidity 0.5.16;

import "./interfaces.sol";
import "./owned.sol";
import "./staking-dual-rewards.sol";

/// QuickSwap's dual farm factory (quickswap-core contracts/staking/StakingRewardsDualFactory.sol, where the
/// contract is named StakingRewardsFactory), in Solidity 0.5.16 like the deployed factory: one
/// StakingDualRewards per staking token, and six values per staking token (stakingRewards, rewardsTokenA,
/// rewardsTokenB, rewardAmountA, rewardAmountB, duration). As deployed, reading stakingTokens(i) past the end
/// executes INVALID and burns all the gas the call was given.
contract StakingRewardsDualFactory is Owned {
    uint256 public stakingRewardsGenesis;

    address[] public stakingTokens;

    struct StakingRewardsInfo {
        address stakingRewards;
        address rewardsTokenA;
        address rewardsTokenB;
        uint256 rewardAmountA;
        uint256 rewardAmountB;
        uint256 duration;
    }

    mapping(address => StakingRewardsInfo) public stakingRewardsInfoByStakingToken;

    constructor(uint256 _stakingRewardsGenesis) public Owned(msg.sender) {
        require(_stakingRewardsGenesis >= block.timestamp, "StakingRewardsFactory::constructor: genesis too soon");
        stakingRewardsGenesis = _stakingRewardsGenesis;
    }

    function deploy(
        address _owner,
        address stakingToken,
        address rewardsTokenA,
        address rewardsTokenB,
        uint256 rewardAmountA,
        uint256 rewardAmountB,
        uint256 rewardsDuration
    ) public onlyOwner {
        require(rewardsTokenA != address(0) && rewardsTokenB != address(0), "Invalid reward token(s)");
        StakingRewardsInfo storage info = stakingRewardsInfoByStakingToken[stakingToken];
        require(info.stakingRewards == address(0), "StakingRewardsFactory::deploy: already deployed");
        info.stakingRewards = address(
            new StakingDualRewards(_owner, address(this), rewardsTokenA, rewardsTokenB, stakingToken)
        );
        info.rewardsTokenA = rewardsTokenA;
        info.rewardsTokenB = rewardsTokenB;
        info.rewardAmountA = rewardAmountA;
        info.rewardAmountB = rewardAmountB;
        info.duration = rewardsDuration;
        stakingTokens.push(stakingToken);
    }

    function update(address stakingToken, uint256 rewardAmountA, uint256 rewardAmountB, uint256 rewardsDuration)
        public
        onlyOwner
    {
        StakingRewardsInfo storage info = stakingRewardsInfoByStakingToken[stakingToken];
        require(info.stakingRewards != address(0), "StakingRewardsFactory::update: not deployed");
        info.rewardAmountA = rewardAmountA;
        info.rewardAmountB = rewardAmountB;
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
        if (info.rewardAmountA > 0 && info.rewardAmountB > 0 && info.duration > 0) {
            uint256 rewardAmountA = info.rewardAmountA;
            uint256 rewardAmountB = info.rewardAmountB;
            uint256 duration = info.duration;
            info.rewardAmountA = 0;
            info.rewardAmountB = 0;
            info.duration = 0;
            require(
                IERC20Min(info.rewardsTokenA).transfer(info.stakingRewards, rewardAmountA),
                "StakingRewardsFactory::notifyRewardAmount: transfer failed"
            );
            require(
                IERC20Min(info.rewardsTokenB).transfer(info.stakingRewards, rewardAmountB),
                "StakingRewardsFactory::notifyRewardAmount: transfer failed"
            );
            StakingDualRewards(info.stakingRewards).notifyRewardAmount(rewardAmountA, rewardAmountB, duration);
        }
    }

    function pullExtraTokens(address token, uint256 amount) external onlyOwner {
        IERC20Min(token).transfer(msg.sender, amount);
    }
}

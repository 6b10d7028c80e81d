// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./staking-rewards.sol";

/// QuickSwap StakingDualRewards (dual mining): stake LP, earn two reward tokens at their own
/// rates until a shared periodFinish. The owner can pause new stakes.
contract StakingDualRewards {
    IERC20Min public immutable rewardsTokenA;
    IERC20Min public immutable rewardsTokenB;
    IERC20Min public immutable stakingToken;
    address public owner;
    address public dualRewardsDistribution;
    bool public paused;
    uint256 public lastPauseTime;
    uint256 public periodFinish;
    uint256 public rewardRateA;
    uint256 public rewardRateB;
    uint256 public rewardsDuration;
    uint256 public lastUpdateTime;
    uint256 public rewardPerTokenAStored;
    uint256 public rewardPerTokenBStored;

    mapping(address => uint256) public userRewardPerTokenAPaid;
    mapping(address => uint256) public userRewardPerTokenBPaid;
    mapping(address => uint256) public rewardsA;
    mapping(address => uint256) public rewardsB;

    uint256 private _totalSupply;
    mapping(address => uint256) private _balances;

    event RewardAdded(uint256 rewardA, uint256 rewardB);
    event Staked(address indexed user, uint256 amount);
    event Withdrawn(address indexed user, uint256 amount);
    event RewardPaid(address indexed user, address indexed rewardsToken, uint256 reward);
    event PauseChanged(bool isPaused);

    constructor(
        address owner_,
        address dualRewardsDistribution_,
        address rewardsTokenA_,
        address rewardsTokenB_,
        address stakingToken_,
        uint256 rewardsDuration_
    ) {
        require(rewardsTokenA_ != rewardsTokenB_, "rewards tokens should be different");
        owner = owner_;
        dualRewardsDistribution = dualRewardsDistribution_;
        rewardsTokenA = IERC20Min(rewardsTokenA_);
        rewardsTokenB = IERC20Min(rewardsTokenB_);
        stakingToken = IERC20Min(stakingToken_);
        rewardsDuration = rewardsDuration_;
    }

    modifier updateReward(address account) {
        rewardPerTokenAStored = rewardPerTokenA();
        rewardPerTokenBStored = rewardPerTokenB();
        lastUpdateTime = lastTimeRewardApplicable();
        if (account != address(0)) {
            rewardsA[account] = earnedA(account);
            rewardsB[account] = earnedB(account);
            userRewardPerTokenAPaid[account] = rewardPerTokenAStored;
            userRewardPerTokenBPaid[account] = rewardPerTokenBStored;
        }
        _;
    }

    function setPaused(bool paused_) external {
        require(msg.sender == owner, "Only the contract owner may perform this action");
        if (paused_ == paused) return;
        paused = paused_;
        if (paused) lastPauseTime = block.timestamp;
        emit PauseChanged(paused);
    }

    function totalSupply() external view returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
    }

    function lastTimeRewardApplicable() public view returns (uint256) {
        return block.timestamp < periodFinish ? block.timestamp : periodFinish;
    }

    function rewardPerTokenA() public view returns (uint256) {
        if (_totalSupply == 0) return rewardPerTokenAStored;
        return rewardPerTokenAStored + ((lastTimeRewardApplicable() - lastUpdateTime) * rewardRateA * 1e18) / _totalSupply;
    }

    function rewardPerTokenB() public view returns (uint256) {
        if (_totalSupply == 0) return rewardPerTokenBStored;
        return rewardPerTokenBStored + ((lastTimeRewardApplicable() - lastUpdateTime) * rewardRateB * 1e18) / _totalSupply;
    }

    function earnedA(address account) public view returns (uint256) {
        return (_balances[account] * (rewardPerTokenA() - userRewardPerTokenAPaid[account])) / 1e18 + rewardsA[account];
    }

    function earnedB(address account) public view returns (uint256) {
        return (_balances[account] * (rewardPerTokenB() - userRewardPerTokenBPaid[account])) / 1e18 + rewardsB[account];
    }

    function stake(uint256 amount) external updateReward(msg.sender) {
        require(!paused, "This action cannot be performed while the contract is paused");
        require(amount > 0, "Cannot stake 0");
        _totalSupply += amount;
        _balances[msg.sender] += amount;
        require(stakingToken.transferFrom(msg.sender, address(this), amount), "stake transfer failed");
        emit Staked(msg.sender, amount);
    }

    function withdraw(uint256 amount) public updateReward(msg.sender) {
        require(amount > 0, "Cannot withdraw 0");
        _totalSupply -= amount;
        _balances[msg.sender] -= amount;
        require(stakingToken.transfer(msg.sender, amount), "withdraw transfer failed");
        emit Withdrawn(msg.sender, amount);
    }

    function getReward() public updateReward(msg.sender) {
        uint256 rewardA = rewardsA[msg.sender];
        if (rewardA > 0) {
            rewardsA[msg.sender] = 0;
            require(rewardsTokenA.transfer(msg.sender, rewardA), "reward A transfer failed");
            emit RewardPaid(msg.sender, address(rewardsTokenA), rewardA);
        }
        uint256 rewardB = rewardsB[msg.sender];
        if (rewardB > 0) {
            rewardsB[msg.sender] = 0;
            require(rewardsTokenB.transfer(msg.sender, rewardB), "reward B transfer failed");
            emit RewardPaid(msg.sender, address(rewardsTokenB), rewardB);
        }
    }

    function exit() external {
        withdraw(_balances[msg.sender]);
        getReward();
    }

    function notifyRewardAmount(uint256 rewardA, uint256 rewardB) external updateReward(address(0)) {
        require(msg.sender == dualRewardsDistribution, "Caller is not DualRewardsDistribution contract");
        if (block.timestamp >= periodFinish) {
            rewardRateA = rewardA / rewardsDuration;
            rewardRateB = rewardB / rewardsDuration;
        } else {
            uint256 remaining = periodFinish - block.timestamp;
            rewardRateA = (rewardA + remaining * rewardRateA) / rewardsDuration;
            rewardRateB = (rewardB + remaining * rewardRateB) / rewardsDuration;
        }
        require(rewardRateA <= rewardsTokenA.balanceOf(address(this)) / rewardsDuration, "Provided reward-A too high");
        require(rewardRateB <= rewardsTokenB.balanceOf(address(this)) / rewardsDuration, "Provided reward-B too high");
        lastUpdateTime = block.timestamp;
        periodFinish = block.timestamp + rewardsDuration;
        emit RewardAdded(rewardA, rewardB);
    }
}

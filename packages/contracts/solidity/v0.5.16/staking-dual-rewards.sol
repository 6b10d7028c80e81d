// SPDX-License-Identifier: MIT
pragma solidity 0.5.16;

import "./interfaces.sol";
import "./math.sol";
import "./owned.sol";

/// QuickSwap's StakingDualRewards (quickswap-core contracts/staking/StakingRewardsDualFactory.sol), in
/// Solidity 0.5.16 like the deployed farms: two reward tokens sharing one periodFinish, the duration only an
/// argument of notifyRewardAmount, and a pause that blocks stake() only (withdraw, getReward and exit keep
/// working). Arithmetic goes through SafeMath; the reentrancy guard's counter is the last storage slot.
contract StakingDualRewards is Owned {
    using SafeMath for uint256;

    address public dualRewardsDistribution;
    uint256 public lastPauseTime;
    bool public paused;

    IERC20Min public rewardsTokenA;
    IERC20Min public rewardsTokenB;
    IERC20Min public stakingToken;
    uint256 public periodFinish = 0;
    uint256 public rewardRateA = 0;
    uint256 public rewardRateB = 0;
    uint256 public lastUpdateTime;
    uint256 public rewardPerTokenAStored;
    uint256 public rewardPerTokenBStored;

    mapping(address => uint256) public userRewardPerTokenAPaid;
    mapping(address => uint256) public userRewardPerTokenBPaid;
    mapping(address => uint256) public rewardsA;
    mapping(address => uint256) public rewardsB;

    uint256 private _totalSupply;
    mapping(address => uint256) private _balances;
    uint256 private _guardCounter = 1;

    event RewardAdded(uint256 rewardA, uint256 rewardB, uint256 periodFinish);
    event Staked(address indexed user, uint256 amount);
    event Withdrawn(address indexed user, uint256 amount);
    event RewardPaid(address indexed user, address rewardToken, uint256 reward);
    event Recovered(address token, uint256 amount);
    event PauseChanged(bool isPaused);

    constructor(
        address _owner,
        address _dualRewardsDistribution,
        address _rewardsTokenA,
        address _rewardsTokenB,
        address _stakingToken
    ) public Owned(_owner) {
        require(_rewardsTokenA != _rewardsTokenB, "rewards tokens should be different");
        rewardsTokenA = IERC20Min(_rewardsTokenA);
        rewardsTokenB = IERC20Min(_rewardsTokenB);
        stakingToken = IERC20Min(_stakingToken);
        dualRewardsDistribution = _dualRewardsDistribution;
    }

    /// OpenZeppelin 2.x's ReentrancyGuard, inlined so its counter keeps its place at the end of storage.
    modifier nonReentrant() {
        _guardCounter += 1;
        uint256 localCounter = _guardCounter;
        _;
        require(localCounter == _guardCounter, "ReentrancyGuard: reentrant call");
    }

    modifier notPaused() {
        require(!paused, "This action cannot be performed while the contract is paused");
        _;
    }

    modifier onlyDualRewardsDistribution() {
        require(msg.sender == dualRewardsDistribution, "Caller is not DualRewardsDistribution contract");
        _;
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

    function setPaused(bool _paused) external onlyOwner {
        if (_paused == paused) {
            return;
        }
        paused = _paused;
        if (paused) {
            lastPauseTime = block.timestamp;
        }
        emit PauseChanged(paused);
    }

    function totalSupply() external view returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
    }

    function lastTimeRewardApplicable() public view returns (uint256) {
        return Math.min(block.timestamp, periodFinish);
    }

    function rewardPerTokenA() public view returns (uint256) {
        if (_totalSupply == 0) {
            return rewardPerTokenAStored;
        }
        return
            rewardPerTokenAStored.add(
                lastTimeRewardApplicable().sub(lastUpdateTime).mul(rewardRateA).mul(1e18).div(_totalSupply)
            );
    }

    function rewardPerTokenB() public view returns (uint256) {
        if (_totalSupply == 0) {
            return rewardPerTokenBStored;
        }
        return
            rewardPerTokenBStored.add(
                lastTimeRewardApplicable().sub(lastUpdateTime).mul(rewardRateB).mul(1e18).div(_totalSupply)
            );
    }

    function earnedA(address account) public view returns (uint256) {
        return
            _balances[account].mul(rewardPerTokenA().sub(userRewardPerTokenAPaid[account])).div(1e18).add(
                rewardsA[account]
            );
    }

    function earnedB(address account) public view returns (uint256) {
        return
            _balances[account].mul(rewardPerTokenB().sub(userRewardPerTokenBPaid[account])).div(1e18).add(
                rewardsB[account]
            );
    }

    function stake(uint256 amount) external nonReentrant notPaused updateReward(msg.sender) {
        require(amount > 0, "Cannot stake 0");
        _totalSupply = _totalSupply.add(amount);
        _balances[msg.sender] = _balances[msg.sender].add(amount);
        require(
            stakingToken.transferFrom(msg.sender, address(this), amount),
            "SafeERC20: ERC20 operation did not succeed"
        );
        emit Staked(msg.sender, amount);
    }

    function withdraw(uint256 amount) public nonReentrant updateReward(msg.sender) {
        require(amount > 0, "Cannot withdraw 0");
        _totalSupply = _totalSupply.sub(amount);
        _balances[msg.sender] = _balances[msg.sender].sub(amount);
        require(stakingToken.transfer(msg.sender, amount), "SafeERC20: ERC20 operation did not succeed");
        emit Withdrawn(msg.sender, amount);
    }

    function getReward() public nonReentrant updateReward(msg.sender) {
        uint256 rewardAmountA = rewardsA[msg.sender];
        if (rewardAmountA > 0) {
            rewardsA[msg.sender] = 0;
            require(rewardsTokenA.transfer(msg.sender, rewardAmountA), "SafeERC20: ERC20 operation did not succeed");
            emit RewardPaid(msg.sender, address(rewardsTokenA), rewardAmountA);
        }
        uint256 rewardAmountB = rewardsB[msg.sender];
        if (rewardAmountB > 0) {
            rewardsB[msg.sender] = 0;
            require(rewardsTokenB.transfer(msg.sender, rewardAmountB), "SafeERC20: ERC20 operation did not succeed");
            emit RewardPaid(msg.sender, address(rewardsTokenB), rewardAmountB);
        }
    }

    function exit() external {
        withdraw(_balances[msg.sender]);
        getReward();
    }

    function notifyRewardAmount(uint256 rewardA, uint256 rewardB, uint256 rewardsDuration)
        external
        onlyDualRewardsDistribution
        updateReward(address(0))
    {
        require(block.timestamp.add(rewardsDuration) >= periodFinish, "Cannot reduce existing period");
        if (block.timestamp >= periodFinish) {
            rewardRateA = rewardA.div(rewardsDuration);
            rewardRateB = rewardB.div(rewardsDuration);
        } else {
            uint256 remaining = periodFinish.sub(block.timestamp);
            rewardRateA = rewardA.add(remaining.mul(rewardRateA)).div(rewardsDuration);
            rewardRateB = rewardB.add(remaining.mul(rewardRateB)).div(rewardsDuration);
        }
        require(
            rewardRateA <= rewardsTokenA.balanceOf(address(this)).div(rewardsDuration),
            "Provided reward-A too high"
        );
        require(
            rewardRateB <= rewardsTokenB.balanceOf(address(this)).div(rewardsDuration),
            "Provided reward-B too high"
        );
        lastUpdateTime = block.timestamp;
        periodFinish = block.timestamp.add(rewardsDuration);
        emit RewardAdded(rewardA, rewardB, periodFinish);
    }

    function recoverERC20(address tokenAddress, uint256 tokenAmount) external onlyOwner {
        require(tokenAddress != address(stakingToken), "Cannot withdraw the staking token");
        require(IERC20Min(tokenAddress).transfer(owner, tokenAmount), "SafeERC20: ERC20 operation did not succeed");
        emit Recovered(tokenAddress, tokenAmount);
    }
}

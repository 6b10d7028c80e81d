// SPDX-License-Identifier: MIT
pragma solidity 0.5.16;

import "./interfaces.sol";
import "./math.sol";

/// QuickSwap's StakingRewards (quickswap-core contracts/staking/StakingRewards.sol), in Solidity 0.5.16 like
/// the deployed farms: the reward duration is only an argument of notifyRewardAmount (no rewardsDuration()
/// view), RewardAdded carries the new periodFinish, and rewardRate stays as it was after periodFinish.
/// Arithmetic goes through SafeMath; the reentrancy guard's counter is the last storage slot.
contract StakingRewards {
    using SafeMath for uint256;

    address public rewardsDistribution;
    IERC20Min public rewardsToken;
    IERC20Min public stakingToken;
    uint256 public periodFinish = 0;
    uint256 public rewardRate = 0;
    uint256 public lastUpdateTime;
    uint256 public rewardPerTokenStored;

    mapping(address => uint256) public userRewardPerTokenPaid;
    mapping(address => uint256) public rewards;

    uint256 private _totalSupply;
    mapping(address => uint256) private _balances;
    uint256 private _guardCounter = 1;

    event RewardAdded(uint256 reward, uint256 periodFinish);
    event Staked(address indexed user, uint256 amount);
    event Withdrawn(address indexed user, uint256 amount);
    event RewardPaid(address indexed user, uint256 reward);

    constructor(address _rewardsDistribution, address _rewardsToken, address _stakingToken) public {
        rewardsToken = IERC20Min(_rewardsToken);
        stakingToken = IERC20Min(_stakingToken);
        rewardsDistribution = _rewardsDistribution;
    }

    /// OpenZeppelin 2.x's ReentrancyGuard, inlined so its counter keeps its place at the end of storage.
    modifier nonReentrant() {
        _guardCounter += 1;
        uint256 localCounter = _guardCounter;
        _;
        require(localCounter == _guardCounter, "ReentrancyGuard: reentrant call");
    }

    modifier onlyRewardsDistribution() {
        require(msg.sender == rewardsDistribution, "Caller is not RewardsDistribution contract");
        _;
    }

    modifier updateReward(address account) {
        rewardPerTokenStored = rewardPerToken();
        lastUpdateTime = lastTimeRewardApplicable();
        if (account != address(0)) {
            rewards[account] = earned(account);
            userRewardPerTokenPaid[account] = rewardPerTokenStored;
        }
        _;
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

    function rewardPerToken() public view returns (uint256) {
        if (_totalSupply == 0) {
            return rewardPerTokenStored;
        }
        return
            rewardPerTokenStored.add(
                lastTimeRewardApplicable().sub(lastUpdateTime).mul(rewardRate).mul(1e18).div(_totalSupply)
            );
    }

    function earned(address account) public view returns (uint256) {
        return
            _balances[account].mul(rewardPerToken().sub(userRewardPerTokenPaid[account])).div(1e18).add(
                rewards[account]
            );
    }

    function stakeWithPermit(uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
        nonReentrant
        updateReward(msg.sender)
    {
        require(amount > 0, "Cannot stake 0");
        _totalSupply = _totalSupply.add(amount);
        _balances[msg.sender] = _balances[msg.sender].add(amount);
        IUniswapV2ERC20Permit(address(stakingToken)).permit(msg.sender, address(this), amount, deadline, v, r, s);
        require(
            stakingToken.transferFrom(msg.sender, address(this), amount),
            "SafeERC20: ERC20 operation did not succeed"
        );
        emit Staked(msg.sender, amount);
    }

    function stake(uint256 amount) external nonReentrant updateReward(msg.sender) {
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
        uint256 reward = rewards[msg.sender];
        if (reward > 0) {
            rewards[msg.sender] = 0;
            require(rewardsToken.transfer(msg.sender, reward), "SafeERC20: ERC20 operation did not succeed");
            emit RewardPaid(msg.sender, reward);
        }
    }

    function exit() external {
        withdraw(_balances[msg.sender]);
        getReward();
    }

    /// Starts or tops up a reward period of `rewardsDuration` seconds from now; the reward tokens must
    /// already sit in this contract. The duration may differ at every top-up.
    function notifyRewardAmount(uint256 reward, uint256 rewardsDuration)
        external
        onlyRewardsDistribution
        updateReward(address(0))
    {
        require(block.timestamp.add(rewardsDuration) >= periodFinish, "Cannot reduce existing period");
        if (block.timestamp >= periodFinish) {
            rewardRate = reward.div(rewardsDuration);
        } else {
            uint256 remaining = periodFinish.sub(block.timestamp);
            uint256 leftover = remaining.mul(rewardRate);
            rewardRate = reward.add(leftover).div(rewardsDuration);
        }
        uint256 balance = rewardsToken.balanceOf(address(this));
        require(rewardRate <= balance.div(rewardsDuration), "Provided reward too high");
        lastUpdateTime = block.timestamp;
        periodFinish = block.timestamp.add(rewardsDuration);
        emit RewardAdded(reward, periodFinish);
    }
}

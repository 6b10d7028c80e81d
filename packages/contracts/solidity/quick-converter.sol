// SPDX-License-Identifier: GPL-3.0
pragma solidity ^0.8.20;

/// What this contract needs of an ERC-20 (its own copy: the staking contracts that also declared it are
/// Solidity 0.5.16 now, in v0.5.16/).
interface IERC20Min {
    function balanceOf(address owner) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// QuickSwap's QUICK converter (QuickSwap/token-swap contracts/TokenSwap.sol, deployed with SWAP_RATIO 1000):
/// old QUICK in (burnt to 0xdead), 1000 new QUICK out per old QUICK, from the converter's own new-QUICK
/// balance. OpenZeppelin 4's Ownable is inlined.
contract TokenSwap {
    uint256 public constant SWAP_RATIO = 1000;
    IERC20Min public immutable quick;
    IERC20Min public immutable quickX;
    uint256 public withdrawTimeout;
    address public constant DEAD = address(0x000000000000000000000000000000000000dEaD);
    address private _owner;

    event QuickToQuickX(uint256 quickAmount, uint256 quickxAmount, address indexed account);
    event NewWithdrawTimeout(uint256 newWithdrawTimeout);
    event WithdrawTokens(address tokenAddress, uint256 amount);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor(IERC20Min _quick, IERC20Min _quickX, uint256 duration) {
        require(address(_quick) != address(0), "Invalid address");
        require(address(_quickX) != address(0), "Invalid address");
        quick = _quick;
        quickX = _quickX;
        withdrawTimeout = block.number + duration;
        _owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    modifier onlyOwner() {
        require(_owner == msg.sender, "Ownable: caller is not the owner");
        _;
    }

    function owner() public view returns (address) {
        return _owner;
    }

    function renounceOwnership() public onlyOwner {
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
    }

    function transferOwnership(address newOwner) public onlyOwner {
        require(newOwner != address(0), "Ownable: new owner is the zero address");
        emit OwnershipTransferred(_owner, newOwner);
        _owner = newOwner;
    }

    /// Swaps old QUICK for new QUICK at 1 : 1000.
    function quickToQuickX(uint256 quickAmount) public {
        require(quick.transferFrom(msg.sender, DEAD, quickAmount), "SafeERC20: ERC20 operation did not succeed");
        uint256 quickXAmount = quickAmount * SWAP_RATIO;
        require(quickX.transfer(msg.sender, quickXAmount), "SafeERC20: ERC20 operation did not succeed");
        emit QuickToQuickX(quickAmount, quickXAmount, msg.sender);
    }

    function withdrawTokens(address tokenAddress, uint256 amount) public onlyOwner {
        if (tokenAddress == address(quickX)) {
            require(block.number > withdrawTimeout, "TokenSwap::withdrawTokens: TIMEOUT_NOT_REACHED");
        }
        require(IERC20Min(tokenAddress).transfer(owner(), amount), "SafeERC20: ERC20 operation did not succeed");
        emit WithdrawTokens(tokenAddress, amount);
    }

    function setWithdrawTimeout(uint256 newWithdrawTimeout) public onlyOwner {
        require(newWithdrawTimeout > withdrawTimeout, "TokenSwap::setWithdrawTimeout: NEW_TIMEOUT_MUST_BE_HIGHER");
        withdrawTimeout = newWithdrawTimeout;
        emit NewWithdrawTimeout(newWithdrawTimeout);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./erc20-base.sol";

/// What this contract needs of an ERC-20 (its own copy: the staking contracts that also declared it are
/// Solidity 0.5.16 now, in v0.5.16/).
interface IERC20Min {
    function balanceOf(address owner) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// QuickSwap's Dragon's Lair (QuickSwap-periphery contracts/DragonLair.sol, Solidity 0.6.12, over
/// OpenZeppelin 3.1's ERC20), restated for solc 0.8: stake QUICK, receive dQUICK shares of the lair's
/// growing QUICK balance. dQUICK is priced as QUICK x dQUICKForQUICK(1e18) / 1e18, not from a dQUICK
/// pair. The old lair holds old QUICK, the new lair new QUICK; both run this code.
contract DragonLair is ERC20Base {
    IERC20Min public quick;

    constructor(IERC20Min _quick) ERC20Base(18) {
        quick = _quick;
    }

    function name() external pure returns (string memory) {
        return "Dragon QUICK";
    }

    function symbol() external pure returns (string memory) {
        return "dQUICK";
    }

    function increaseAllowance(address spender, uint256 addedValue) external returns (bool) {
        allowance[msg.sender][spender] += addedValue;
        emit Approval(msg.sender, spender, allowance[msg.sender][spender]);
        return true;
    }

    function decreaseAllowance(address spender, uint256 subtractedValue) external returns (bool) {
        require(allowance[msg.sender][spender] >= subtractedValue, "ERC20: decreased allowance below zero");
        allowance[msg.sender][spender] -= subtractedValue;
        emit Approval(msg.sender, spender, allowance[msg.sender][spender]);
        return true;
    }

    /// Locks QUICK, mints dQUICK at the current ratio.
    function enter(uint256 _quickAmount) external {
        uint256 totalQuick = quick.balanceOf(address(this));
        uint256 totalShares = totalSupply;
        if (totalShares == 0 || totalQuick == 0) {
            _mint(msg.sender, _quickAmount);
        } else {
            _mint(msg.sender, (_quickAmount * totalShares) / totalQuick);
        }
        quick.transferFrom(msg.sender, address(this), _quickAmount);
    }

    /// Burns dQUICK, returns the QUICK it stands for.
    function leave(uint256 _dQuickAmount) external {
        uint256 quickAmount = (_dQuickAmount * quick.balanceOf(address(this))) / totalSupply;
        _burn(msg.sender, _dQuickAmount);
        quick.transfer(msg.sender, quickAmount);
    }

    function QUICKBalance(address _account) external view returns (uint256 quickAmount_) {
        quickAmount_ = (balanceOf[_account] * quick.balanceOf(address(this))) / totalSupply;
    }

    function dQUICKForQUICK(uint256 _dQuickAmount) external view returns (uint256 quickAmount_) {
        quickAmount_ = (_dQuickAmount * quick.balanceOf(address(this))) / totalSupply;
    }

    function QUICKForDQUICK(uint256 _quickAmount) external view returns (uint256 dQuickAmount_) {
        uint256 totalQuick = quick.balanceOf(address(this));
        uint256 totalShares = totalSupply;
        if (totalShares == 0 || totalQuick == 0) {
            dQuickAmount_ = _quickAmount;
        } else {
            dQuickAmount_ = (_quickAmount * totalShares) / totalQuick;
        }
    }
}

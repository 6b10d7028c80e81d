// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./test-erc20.sol";

/// TestERC20 that also wraps the native coin as WMATIC (WETH9) does: deposit() mints what was sent,
/// withdraw(amount) burns it and sends the coin back. It adds no storage, so its runtime code can replace a
/// world's TestERC20 WMATIC (anvil_setCode) and keep every balance: the position manager's
/// unwrapWNativeToken (QuickSwap's "collect as MATIC") then works on the local chain.
contract TestWNative is TestERC20 {
    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    constructor(string memory name_, string memory symbol_, uint8 decimals_)
        TestERC20(name_, symbol_, decimals_) {}

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        _mint(msg.sender, msg.value);
        emit Deposit(msg.sender, msg.value);
    }

    function withdraw(uint256 wad) external {
        _burn(msg.sender, wad);
        (bool sent, ) = msg.sender.call{value: wad}("");
        require(sent, "WNative: send failed");
        emit Withdrawal(msg.sender, wad);
    }
}

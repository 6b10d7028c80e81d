// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./erc20-base.sol";

/// ERC-20 with any decimals and an open mint, for seeding local test worlds.
contract TestERC20 is ERC20Base {
    string public name;
    string public symbol;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20Base(decimals_) {
        name = name_;
        symbol = symbol_;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}

/// Like TestERC20 but name() and symbol() return bytes32, as old MKR does on mainnet,
/// so token readers can be tested against non-string metadata.
contract TestERC20Bytes32 is ERC20Base {
    bytes32 public name;
    bytes32 public symbol;

    constructor(bytes32 name_, bytes32 symbol_, uint8 decimals_) ERC20Base(decimals_) {
        name = name_;
        symbol = symbol_;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity 0.5.16;

/// What the farms and factories need of an ERC-20: balances and transfers.
interface IERC20Min {
    function balanceOf(address owner) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// The Uniswap V2 LP token's EIP-2612 permit, used by StakingRewards.stakeWithPermit.
interface IUniswapV2ERC20Permit {
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external;
}

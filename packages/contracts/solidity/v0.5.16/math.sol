// SPDX-License-Identifier: MIT
pragma solidity 0.5.16;

/// OpenZeppelin 2.x's Math (the part QuickSwap's farms use): the smaller of two numbers.
library Math {
    function min(uint256 a, uint256 b) internal pure returns (uint256) {
        return a < b ? a : b;
    }
}

/// OpenZeppelin 2.x's SafeMath, as QuickSwap's farms use it: 0.5.16 arithmetic wraps silently, so every
/// operation that solc 0.8 would check goes through here and reverts with a reason instead. (A bare `/` by
/// zero would execute INVALID and burn all the gas; div reverts cheaply like the deployed contracts.)
library SafeMath {
    function add(uint256 a, uint256 b) internal pure returns (uint256) {
        uint256 c = a + b;
        require(c >= a, "SafeMath: addition overflow");
        return c;
    }

    function sub(uint256 a, uint256 b) internal pure returns (uint256) {
        require(b <= a, "SafeMath: subtraction overflow");
        return a - b;
    }

    function mul(uint256 a, uint256 b) internal pure returns (uint256) {
        if (a == 0) {
            return 0;
        }
        uint256 c = a * b;
        require(c / a == b, "SafeMath: multiplication overflow");
        return c;
    }

    function div(uint256 a, uint256 b) internal pure returns (uint256) {
        require(b > 0, "SafeMath: division by zero");
        return a / b;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity 0.5.16;

/// Synthetix's Owned (the base of QuickSwap's dual farms and dual factory): two-step ownership hand-over.
/// The internal constructor makes it abstract (0.5.16 has no `abstract` keyword).
contract Owned {
    address public owner;
    address public nominatedOwner;

    event OwnerNominated(address newOwner);
    event OwnerChanged(address oldOwner, address newOwner);

    constructor(address _owner) internal {
        require(_owner != address(0), "Owner address cannot be 0");
        owner = _owner;
        emit OwnerChanged(address(0), _owner);
    }

    function nominateNewOwner(address _owner) external onlyOwner {
        nominatedOwner = _owner;
        emit OwnerNominated(_owner);
    }

    function acceptOwnership() external {
        require(msg.sender == nominatedOwner, "You must be nominated before you can accept ownership");
        emit OwnerChanged(owner, nominatedOwner);
        owner = nominatedOwner;
        nominatedOwner = address(0);
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "Only the contract owner may perform this action");
        _;
    }
}

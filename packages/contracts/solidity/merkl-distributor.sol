// SPDX-License-Identifier: BUSL-1.1
pragma solidity ^0.8.20;

/// What the distributor needs of a reward token.
interface IMerklRewardToken {
    function transfer(address to, uint256 value) external returns (bool);
}

/// Merkl's reward distributor, restated for the local test kit from AngleProtocol/merkl-contracts
/// contracts/Distributor.sol at commit 15d0dda35ed2732a13d3ee1f316117f8350e0b99 (BUSL-1.1, Merkl SAS; used here
/// only on a local test chain). Kept as published: the storage a reader sees (`tree`, `lastTree`, `claimed`,
/// `endOfDisputePeriod`, `disputePeriod`, `canUpdateMerkleRoot`, `operators`), `getMerkleRoot`, the epoch rule
/// that delays a new tree, `claim` with cumulative amounts, leaves `keccak256(abi.encode(user, token, amount))`
/// and sorted-pair proofs, `updateTree` for the governor or a trusted updater, and the events.
/// Left out: the UUPS proxy (a plain constructor names the governor, who stands for the access control
/// manager's governor and guardian), disputes (`disputer` stays zero), claim recipients and callbacks, main
/// operators, token recovery and upgradeability revocation.
contract Distributor {
    struct MerkleTree {
        /// Root of a Merkle tree whose leaves are `(address user, address token, uint amount)`: the cumulative
        /// amount of each token each user earned.
        bytes32 merkleRoot;
        /// Deprecated upstream (the IPFS hash of the whole tree); kept in the tuple `tree()` returns.
        bytes32 ipfsHash;
    }

    struct Claim {
        /// Cumulative amount the user claimed of this token.
        uint208 amount;
        /// Timestamp of the last claim.
        uint48 timestamp;
        /// Merkle root active at the last claim.
        bytes32 merkleRoot;
    }

    error InvalidLengths();
    error InvalidProof();
    error InvalidUninitializedRoot();
    error NotGovernor();
    error NotTrusted();
    error NotWhitelisted();
    error ReentrantCall();

    /// Default epoch duration in seconds (1 hour).
    uint32 internal constant _EPOCH_DURATION = 3600;

    MerkleTree public tree;
    MerkleTree public lastTree;
    address public disputer;
    uint48 public endOfDisputePeriod;
    uint48 public disputePeriod;
    mapping(address => mapping(address => Claim)) public claimed;
    mapping(address => uint256) public canUpdateMerkleRoot;
    mapping(address => mapping(address => uint256)) public operators;
    uint96 private _status;
    uint32 internal _epochDuration;
    /// Stands for the access control manager's governor (and guardian).
    address private immutable _governor;

    event Claimed(address indexed user, address indexed token, uint256 amount);
    event DisputePeriodUpdated(uint48 _disputePeriod);
    event EpochDurationUpdated(uint32 newEpochDuration);
    event OperatorToggled(address indexed user, address indexed operator, bool isWhitelisted);
    event TreeUpdated(bytes32 merkleRoot, bytes32 ipfsHash, uint48 endOfDisputePeriod);
    event TrustedToggled(address indexed eoa, bool trust);

    modifier onlyGovernor() {
        if (msg.sender != _governor) revert NotGovernor();
        _;
    }

    modifier nonReentrant() {
        if (_status == 2) revert ReentrantCall();
        _status = 2;
        _;
        _status = 1;
    }

    constructor(address governor) {
        _governor = governor;
    }

    /// Claims rewards for users; `amounts` are cumulative (what the tree says each user earned in all).
    function claim(
        address[] calldata users,
        address[] calldata tokens,
        uint256[] calldata amounts,
        bytes32[][] calldata proofs
    ) external nonReentrant {
        uint256 usersLength = users.length;
        if (
            usersLength == 0 ||
            usersLength != tokens.length ||
            usersLength != amounts.length ||
            usersLength != proofs.length
        ) revert InvalidLengths();

        for (uint256 i; i < usersLength; ) {
            address user = users[i];
            address token = tokens[i];
            uint256 amount = amounts[i];

            // Only the user, or an operator it approved, claims for it.
            if (
                msg.sender != user &&
                tx.origin != user &&
                operators[user][msg.sender] == 0 &&
                operators[user][address(0)] == 0 &&
                msg.sender != _governor
            ) revert NotWhitelisted();

            bytes32 leaf = keccak256(abi.encode(user, token, amount));
            if (!_verifyProof(leaf, proofs[i])) revert InvalidProof();

            uint256 toSend = amount - claimed[user][token].amount;
            // OpenZeppelin's SafeCast.toUint208 upstream.
            require(amount <= type(uint208).max, "SafeCast: value doesn't fit in 208 bits");
            claimed[user][token] = Claim(uint208(amount), uint48(block.timestamp), getMerkleRoot());
            emit Claimed(user, token, toSend);

            if (toSend != 0) require(IMerklRewardToken(token).transfer(user, toSend), "transfer failed");
            unchecked {
                ++i;
            }
        }
    }

    /// The root claims are checked against: the previous tree's until the new one's dispute period is over.
    function getMerkleRoot() public view returns (bytes32) {
        if (block.timestamp >= endOfDisputePeriod && disputer == address(0)) return tree.merkleRoot;
        else return lastTree.merkleRoot;
    }

    function getEpochDuration() public view returns (uint32 epochDuration) {
        epochDuration = _epochDuration;
        if (epochDuration == 0) epochDuration = _EPOCH_DURATION;
    }

    /// Lets `operator` (or anyone, for address(0)) claim for `user`.
    function toggleOperator(address user, address operator) external {
        if (user != msg.sender && msg.sender != _governor) revert NotTrusted();
        uint256 oldValue = operators[user][operator];
        operators[user][operator] = 1 - oldValue;
        emit OperatorToggled(user, operator, oldValue == 0);
    }

    /// Sets a new tree: the governor at any time, a trusted updater only once the last dispute period is over.
    function updateTree(MerkleTree calldata _tree) external {
        if (
            disputer != address(0) ||
            ((canUpdateMerkleRoot[msg.sender] != 1 || block.timestamp < endOfDisputePeriod) &&
                msg.sender != _governor)
        ) revert NotTrusted();
        MerkleTree memory _lastTree = tree;
        tree = _tree;
        lastTree = _lastTree;

        uint48 _endOfPeriod = _endOfDisputePeriod(uint48(block.timestamp));
        endOfDisputePeriod = _endOfPeriod;
        emit TreeUpdated(_tree.merkleRoot, _tree.ipfsHash, _endOfPeriod);
    }

    function toggleTrusted(address trustAddress) external onlyGovernor {
        uint256 trustedStatus = 1 - canUpdateMerkleRoot[trustAddress];
        canUpdateMerkleRoot[trustAddress] = trustedStatus;
        emit TrustedToggled(trustAddress, trustedStatus == 1);
    }

    function setEpochDuration(uint32 epochDuration) external onlyGovernor {
        _epochDuration = epochDuration;
        emit EpochDurationUpdated(epochDuration);
    }

    function setDisputePeriod(uint48 _disputePeriod) external onlyGovernor {
        disputePeriod = _disputePeriod;
        emit DisputePeriodUpdated(_disputePeriod);
    }

    /// A tree update takes effect at the next epoch boundary plus `disputePeriod` epochs.
    function _endOfDisputePeriod(uint48 treeUpdate) internal view returns (uint48) {
        uint32 epochDuration = getEpochDuration();
        return ((treeUpdate - 1) / epochDuration + 1 + disputePeriod) * (epochDuration);
    }

    /// Sorted-pair Merkle proof against the active root.
    function _verifyProof(bytes32 leaf, bytes32[] memory proof) internal view returns (bool) {
        bytes32 currentHash = leaf;
        uint256 proofLength = proof.length;
        for (uint256 i; i < proofLength; ) {
            if (currentHash < proof[i]) {
                currentHash = keccak256(abi.encode(currentHash, proof[i]));
            } else {
                currentHash = keccak256(abi.encode(proof[i], currentHash));
            }
            unchecked {
                ++i;
            }
        }
        bytes32 root = getMerkleRoot();
        if (root == bytes32(0)) revert InvalidUninitializedRoot();
        return currentHash == root;
    }
}

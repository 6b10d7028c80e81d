// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface IEnumerableNft {
    function balanceOf(address owner) external view returns (uint256);

    function tokenOfOwnerByIndex(address owner, uint256 index) external view returns (uint256);
}

interface IFarmingCenterNfts {
    function l2Nfts(uint256 l2TokenId) external view returns (uint96 nonce, address operator, uint256 tokenId);
}

/// @notice Never deployed. Its creation code runs in one eth_call (no `to`): the constructor lists every
/// position NFT `wallet` holds on the position manager, then every NFT it deposited in Algebra farming (the
/// FarmingCenter L2 NFTs it holds -> l2Nfts(id).tokenId), reads each one's positions(tokenId) raw, and
/// returns abi.encode(block number, block timestamp, owned count, token ids, raw positions answers) in place
/// of runtime code. Four dependent reads (balance -> index -> L2 id -> position) in one request.
contract WalletPositionsLens {
    constructor(address positionManager, address farmingCenter, address wallet) {
        uint256 owned = IEnumerableNft(positionManager).balanceOf(wallet);
        uint256 farmed = IEnumerableNft(farmingCenter).balanceOf(wallet);
        uint256[] memory tokenIds = new uint256[](owned + farmed);
        bytes[] memory positions = new bytes[](owned + farmed);
        for (uint256 i = 0; i < owned; i++) {
            tokenIds[i] = IEnumerableNft(positionManager).tokenOfOwnerByIndex(wallet, i);
        }
        for (uint256 j = 0; j < farmed; j++) {
            uint256 l2TokenId = IEnumerableNft(farmingCenter).tokenOfOwnerByIndex(wallet, j);
            (, , uint256 tokenId) = IFarmingCenterNfts(farmingCenter).l2Nfts(l2TokenId);
            tokenIds[owned + j] = tokenId;
        }
        for (uint256 k = 0; k < tokenIds.length; k++) {
            // A failed read comes back empty: the caller names it instead of losing the whole answer.
            (bool ok, bytes memory answer) = positionManager.staticcall(
                abi.encodeWithSignature('positions(uint256)', tokenIds[k])
            );
            positions[k] = ok ? answer : bytes('');
        }
        bytes memory result = abi.encode(block.number, block.timestamp, owned, tokenIds, positions);
        assembly {
            return(add(result, 32), mload(result))
        }
    }
}

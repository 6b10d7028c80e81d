import { v3Abis } from '@tidewatch/contracts';
import { type Address, decodeFunctionResult, encodeDeployData, getAddress, isAddressEqual } from 'viem';
import type { ChainClient } from '../../../core/chain/client.ts';
import { ReadFailedError } from '../../../core/chain/errors.ts';
import { runLens } from '../../../core/chain/lens.ts';
import { ReadPlan } from '../../../core/chain/read-plan.ts';
import type { V3Contracts } from './contracts.ts';
import type { FoundV3Position, PositionsAnswer, V3ReadBlock } from './found-position.ts';
import { algebraPoolAddress } from './pool-address.ts';
import { walletPositionsLensCode } from './wallet-positions-lens-code.ts';

const lensConstructor = [
  {
    type: 'constructor',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'positionManager', type: 'address' },
      { name: 'farmingCenter', type: 'address' },
      { name: 'wallet', type: 'address' },
    ],
  },
] as const;

const lensAnswer = [
  { name: 'blockNumber', type: 'uint256' },
  { name: 'blockTimestamp', type: 'uint256' },
  { name: 'owned', type: 'uint256' },
  { name: 'tokenIds', type: 'uint256[]' },
  { name: 'positions', type: 'bytes[]' },
] as const;

function toFound(
  contracts: V3Contracts,
  tokenId: bigint,
  owner: Address,
  isFarmed: boolean,
  answer: PositionsAnswer,
): FoundV3Position {
  const [, , token0, token1, tickLower, tickUpper, liquidity] = answer;
  return {
    tokenId,
    owner,
    isFarmed,
    pool: algebraPoolAddress(contracts.poolDeployer, token0, token1),
    token0: getAddress(token0),
    token1: getAddress(token1),
    tickLower,
    tickUpper,
    liquidity,
  };
}

/**
 * Every QuickSwap V3 position of `wallet` with its pool, in ONE JSON-RPC request whatever their number: the
 * NFTs it holds on the NonfungiblePositionManager (balanceOf / tokenOfOwnerByIndex) and those it deposited
 * in Algebra farming (the FarmingCenter L2 NFTs it holds -> l2Nfts(id).tokenId), each with positions(id).
 * These are four dependent reads (balance -> index -> L2 id -> position), which aggregate3 rounds would
 * take four requests for; instead the creation code of wallet-positions-lens.sol runs in one eth_call
 * (no `to`, nothing deployed) and returns them with the block it read. Pools are computed by CREATE2 from
 * the pool deployer. Owned positions first, then farmed ones, each in the contracts' index order.
 * @example const { block, positions } = await findWalletPositionIds(chain, config.v3, wallet);
 */
export async function findWalletPositionIds(
  chain: ChainClient,
  contracts: V3Contracts,
  wallet: Address,
  at: bigint | 'latest' = 'latest',
): Promise<{ block: V3ReadBlock; positions: FoundV3Position[] }> {
  const data = encodeDeployData({
    abi: lensConstructor,
    bytecode: walletPositionsLensCode,
    args: [contracts.positionManager, contracts.farmingCenter, wallet],
  });
  const decoded = await runLens(chain, { data, answer: lensAnswer, label: `V3 positions of ${wallet}` }, at);
  const [blockNumber, blockTimestamp, owned, tokenIds, rawPositions] = decoded;
  const farmingOwner = getAddress(wallet);
  const positions = tokenIds.map((tokenId, i) => {
    const answer = rawPositions[i]!;
    if (answer === '0x') {
      throw new ReadFailedError([{ label: `position manager: positions(${tokenId})`, reason: 'reverted' }], {
        blockNumber,
      });
    }
    const position = decodeFunctionResult({
      abi: v3Abis.positionManager,
      functionName: 'positions',
      data: answer,
    }) as PositionsAnswer;
    return toFound(contracts, tokenId, farmingOwner, BigInt(i) >= owned, position);
  });
  return { block: { number: blockNumber, timestamp: blockTimestamp }, positions };
}

/**
 * Positions by id (public data: a pasted id, a tracked position), with who can collect each: the NFT's
 * owner, or for one the FarmingCenter holds the owner of its L2 NFT. Two aggregate3 requests at one block
 * (the second only when a position is farmed). `missing`: ids with no position, never minted or burnt
 * (positions() reverts 'Invalid token ID' and ownerOf reverts for them).
 * @example const { positions, missing } = await findPositionsByIds(chain, config.v3, [1234n]);
 */
export async function findPositionsByIds(
  chain: ChainClient,
  contracts: V3Contracts,
  tokenIds: readonly bigint[],
  at: bigint | 'latest' = 'latest',
): Promise<{ block: V3ReadBlock; positions: FoundV3Position[]; missing: bigint[] }> {
  const plan = new ReadPlan();
  // Multicall3 answers the block number and time of the state it ran on, at 'latest' or a past block alike.
  const block: V3ReadBlock = plan.addBlock(chain.multicall3Address);
  const reads = tokenIds.map((tokenId) => {
    const read: { owner: Address | null; position: PositionsAnswer | null; l2TokenId: bigint | null } = {
      owner: null,
      position: null,
      l2TokenId: null,
    };
    const npm = { address: contracts.positionManager, abi: v3Abis.positionManager };
    plan.addOptional<Address>(
      { label: `position manager: ownerOf(${tokenId})`, ...npm, functionName: 'ownerOf', args: [tokenId] },
      (v) => {
        read.owner = v;
      },
    );
    plan.addOptional<PositionsAnswer>(
      {
        label: `position manager: positions(${tokenId})`,
        ...npm,
        functionName: 'positions',
        args: [tokenId],
      },
      (v) => {
        read.position = v;
      },
    );
    plan.addOptional<readonly [bigint, number, boolean, Address]>(
      {
        label: `farming center: deposits(${tokenId})`,
        address: contracts.farmingCenter,
        abi: v3Abis.farmingCenter,
        functionName: 'deposits',
        args: [tokenId],
      },
      (v) => {
        read.l2TokenId = v?.[0] ?? null;
      },
    );
    return { tokenId, read };
  });
  await plan.run(chain, at);
  const farmed = reads.filter(
    (r) => r.read.owner && isAddressEqual(r.read.owner, contracts.farmingCenter) && r.read.l2TokenId,
  );
  const l2Owners = new Map<bigint, Address>();
  if (farmed.length > 0) {
    const second = new ReadPlan();
    for (const { tokenId, read } of farmed) {
      second.add<Address>(
        {
          label: `farming center: ownerOf(${read.l2TokenId}) (L2 NFT of position ${tokenId})`,
          address: contracts.farmingCenter,
          abi: v3Abis.farmingCenter,
          functionName: 'ownerOf',
          args: [read.l2TokenId],
        },
        (v) => l2Owners.set(tokenId, getAddress(v)),
      );
    }
    await second.run(chain, block.number);
  }
  const positions: FoundV3Position[] = [];
  const missing: bigint[] = [];
  for (const { tokenId, read } of reads) {
    if (!read.owner || !read.position) {
      missing.push(tokenId);
      continue;
    }
    const l2Owner = l2Owners.get(tokenId);
    positions.push(
      toFound(contracts, tokenId, l2Owner ?? getAddress(read.owner), l2Owner !== undefined, read.position),
    );
  }
  return { block, positions, missing };
}

import { keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  ALGEBRA_POOL_INIT_CODE_HASH,
  algebraEternalFarming,
  algebraFactory,
  algebraLimitFarming,
  algebraPool,
  algebraPoolDeployer,
  algebraSwapRouter,
  farmingCenter,
  farmingCenterVault,
  merklDistributor,
  nftDescriptor,
  nonfungiblePositionManager,
  nonfungibleTokenPositionDescriptor,
} from './index.ts';

/** EIP-170: the most runtime code a contract may have on Polygon (and on anvil with its defaults). */
const MAX_RUNTIME_BYTES = 24_576;
const byteLength = (hex: string) => (hex.length - 2) / 2;

describe("Algebra V1.0's published artifacts", () => {
  it("have the pool creation code whose keccak256 is QuickSwap V3's pool init code hash on Polygon", () => {
    expect(keccak256(algebraPool.bytecode)).toBe(
      '0x6ec6c9c8091d160c0aa74b2b14ba9c1717e95093bd3ac085cee99a49aab294a4',
    );
    expect(ALGEBRA_POOL_INIT_CODE_HASH).toBe(keccak256(algebraPool.bytecode));
  });

  it('deploy that pool: the pool deployer carries its creation code whole, the periphery computes addresses by its hash', () => {
    expect(algebraPoolDeployer.bytecode.includes(algebraPool.bytecode.slice(2))).toBe(true);
    // PoolAddress.computeAddress in the position manager and the router: the hash as a PUSH32.
    for (const periphery of [nonfungiblePositionManager, algebraSwapRouter]) {
      expect(periphery.deployedBytecode).toContain(`7f${ALGEBRA_POOL_INIT_CODE_HASH.slice(2)}`);
    }
  });

  it('fit in a block as deployed: runtime code within EIP-170, Solidity 0.7.6 metadata', () => {
    const all = {
      algebraFactory,
      algebraPoolDeployer,
      algebraPool,
      nonfungiblePositionManager,
      nonfungibleTokenPositionDescriptor,
      nftDescriptor,
      algebraSwapRouter,
      farmingCenter,
      farmingCenterVault,
      algebraEternalFarming,
      algebraLimitFarming,
    };
    const tooBig = Object.entries(all).filter(([, a]) => byteLength(a.deployedBytecode) > MAX_RUNTIME_BYTES);
    expect(tooBig.map(([name]) => name)).toEqual([]);
    // CBOR tail {solc: 0.7.6} with bytecodeHash none: Algebra's own build, not a coverage-instrumented one.
    for (const artifact of Object.values(all))
      expect(artifact.deployedBytecode.endsWith('a164736f6c6343000706000a')).toBe(true);
  });

  it("leave one library to link: the token descriptor's NFTDescriptor, whose placeholder sits where linkReferences says", () => {
    const [reference] =
      nonfungibleTokenPositionDescriptor.linkReferences['contracts/libraries/NFTDescriptor.sol']
        .NFTDescriptor;
    const at = 2 + reference.start * 2;
    expect(nonfungibleTokenPositionDescriptor.bytecode.slice(at, at + reference.length * 2)).toMatch(
      /^__\$[0-9a-f]{34}\$__$/,
    );
    for (const artifact of [algebraFactory, algebraPoolDeployer, nonfungiblePositionManager, farmingCenter]) {
      expect(artifact.bytecode).toMatch(/^0x[0-9a-f]+$/);
    }
  });

  it('include the restated Merkl distributor with its claim and reads', () => {
    const names = merklDistributor.abi.filter((item) => item.type === 'function').map((item) => item.name);
    expect(names).toEqual(
      expect.arrayContaining(['claim', 'claimed', 'getMerkleRoot', 'tree', 'updateTree']),
    );
  });
});

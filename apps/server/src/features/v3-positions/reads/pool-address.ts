import { ALGEBRA_POOL_INIT_CODE_HASH } from '@tidewatch/contracts';
import { type Address, encodeAbiParameters, getAddress, getCreate2Address, keccak256 } from 'viem';
import { sortTokens } from '../../../core/chain/pair-address.ts';

/**
 * The address of the Algebra V1.0 pool of two tokens, without a read: the pool deployer creates pools with
 * CREATE2, salt keccak256(abi.encode(token0, token1)) of the sorted tokens (Algebra's PoolAddress library;
 * one pool per pair, no fee tier) with Polygon's init code hash. Never Uniswap's computePoolAddress: another deployer, hash and salt.
 * @example algebraPoolAddress(poolDeployer, wmatic, usdc)
 */
export function algebraPoolAddress(poolDeployer: Address, tokenA: Address, tokenB: Address): Address {
  const [token0, token1] = sortTokens(getAddress(tokenA), getAddress(tokenB));
  return getCreate2Address({
    from: poolDeployer,
    salt: keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [token0, token1])),
    bytecodeHash: ALGEBRA_POOL_INIT_CODE_HASH,
  });
}

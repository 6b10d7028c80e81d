import { UNISWAP_V2_PAIR_INIT_CODE_HASH } from '@tidewatch/contracts';
import { type Address, encodePacked, getAddress, getCreate2Address, keccak256 } from 'viem';

/** Uniswap V2 orders a pair's tokens by address: token0 is the lower one. */
export function sortTokens(tokenA: Address, tokenB: Address): [Address, Address] {
  return tokenA.toLowerCase() < tokenB.toLowerCase() ? [tokenA, tokenB] : [tokenB, tokenA];
}

/**
 * The address of the pair of `tokenA` and `tokenB` under a Uniswap-V2-style `factory`, without a read:
 * pairs are created with CREATE2 from the sorted tokens, and QuickSwap's pair code is Uniswap V2's
 * (same init code hash), as QuickSwap's own SDK computes it. Whether a contract lives there is for a
 * read to tell (no code answers with no data).
 * @example quickswapPairAddress(factory, usdc, wmatic) // '0x6e7a5FAFcec6BB1e78bAE2A1F0B612012BF14827' on Polygon
 */
export function quickswapPairAddress(factory: Address, tokenA: Address, tokenB: Address): Address {
  const [token0, token1] = sortTokens(getAddress(tokenA), getAddress(tokenB));
  return getCreate2Address({
    from: factory,
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
  });
}

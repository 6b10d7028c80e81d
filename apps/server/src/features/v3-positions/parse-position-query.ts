/**
 * What a pasted text names, as far as its text tells: a QuickSwap V3 position id, or why not. Shapes from
 * QuickSwap's interface (interface-v2 src/App.tsx, a HashRouter): a position's page `#/pool/{tokenId}`, its
 * add-liquidity page `#/increase/{currencyA}/{currencyB}/{tokenId}` and remove page `#/remove/{tokenId}`; a
 * bare id (`1234`, `#1234`). `?isV4=true` marks a position of QuickSwap's Algebra Integral manager, not V3's.
 */
export type PositionQuery = { tokenId: string } | { refused: string };

const uint256Digits = 78;
const idPattern = `(\\d{1,${uint256Digits}})(?![\\d])`;
const positionPage = new RegExp(`#/(?:pool|remove)/${idPattern}`, 'i');
const increasePage = new RegExp(`#/increase/[^/?#]+/[^/?#]+/${idPattern}`, 'i');
const bareId = new RegExp(`^#?${idPattern}$`);
const poolList = /#\/pools(?:\/[a-z0-9]+)?\/?(?:[?#]|$)/i;
const integral = /[?&]isV4=true\b/i;

/** What each refusal says: what was recognised, and what to paste instead. */
const positionQueryRefusals = {
  integral:
    "that is a position of QuickSwap's Algebra Integral (V4) pools (its link has isV4=true), not a V3 position: this tool reads V3 positions only",
  poolList:
    "that is QuickSwap's list of pools, which names no position: open the position and paste its link (…#/pool/1234) or its id",
  tooLarge:
    'that number is larger than any position id can be (at most 2^256 − 1): paste a position id (a whole number, e.g. 1234) or its QuickSwap link (…#/pool/1234)',
  unknown: 'paste a position id (a whole number, e.g. 1234) or its QuickSwap link (…#/pool/1234)',
} as const;

/**
 * Reads a pasted position id or QuickSwap V3 position link.
 * @example parsePositionQuery('https://quickswap.exchange/#/pool/1234') // { tokenId: '1234' }
 */
export function parsePositionQuery(raw: string): PositionQuery {
  const text = raw.trim();
  const bare = text.match(bareId);
  if (bare) return tokenIdOf(bare[1]!);
  const page = text.match(positionPage) ?? text.match(increasePage);
  if (page) {
    if (integral.test(text)) return { refused: positionQueryRefusals.integral };
    return tokenIdOf(page[1]!);
  }
  if (poolList.test(text)) return { refused: positionQueryRefusals.poolList };
  return { refused: positionQueryRefusals.unknown };
}

/** A position id is a uint256: 78 digits can reach past it, which no chain read could encode. */
const largestTokenId = 2n ** 256n - 1n;

/** Leading zeros dropped: '007' is position 7; above a uint256 refused as no position id. */
function tokenIdOf(digits: string): PositionQuery {
  const id = BigInt(digits);
  if (id > largestTokenId) return { refused: positionQueryRefusals.tooLarge };
  return { tokenId: id.toString() };
}

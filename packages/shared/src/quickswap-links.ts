// Links to quickswap.exchange, apart from the schemas so a screen can draw them without zod (decision 016).

/**
 * The farm's list on quickswap.exchange today. Its interface (v2, since 2022) has no page per farm: the
 * v1 `#/quick/…` and `#/dual/…` pages are gone, so a link opens the LP or dual farm tab (ended farms are
 * listed under `ended=true`).
 * @example quickswapFarmsUrl('dual', false) // 'https://quickswap.exchange/#/farm/v2?tab=DualFarm'
 */
export const quickswapFarmsUrl = (kind: 'lp' | 'dual', isEnded: boolean): string =>
  `https://quickswap.exchange/#/farm/v2?tab=${kind === 'dual' ? 'DualFarm' : 'lpFarm'}${isEnded ? '&ended=true' : ''}`;

// Links to quickswap.exchange, apart from the schemas so a screen can draw them without zod (decision 016).
import { type FarmKind, farmKinds } from './farm-kinds.ts';

/**
 * QuickSwap's farm page as it exists today: since 2024-04-02 it shows V3 farms only, and its V2 links
 * (`#/farm/v2?tab=…`) land there too. Screens link here and say that V2 farms are no longer listed.
 */
export const quickswapFarmPageUrl = 'https://quickswap.exchange/#/farm';

/** Said beside every link to QuickSwap's farm page: a V2 farm is not on it any more. */
export const quickswapV2FarmsNote = 'QuickSwap no longer lists V2 farms';

/**
 * The farm's list on quickswap.exchange today. Its interface (v2, since 2022) has no page per farm: the
 * v1 `#/quick/…` and `#/dual/…` pages are gone, so a link opens the LP or dual farm tab (ended farms are
 * listed under `ended=true`).
 * @example quickswapFarmsUrl('dual', false) // 'https://quickswap.exchange/#/farm/v2?tab=DualFarm'
 */
export const quickswapFarmsUrl = (kind: FarmKind, isEnded: boolean): string =>
  `https://quickswap.exchange/#/farm/v2?tab=${farmKinds[kind].quickswapTab}${isEnded ? '&ended=true' : ''}`;

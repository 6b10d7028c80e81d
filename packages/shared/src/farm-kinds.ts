// The one table of farm kinds (issue 32). Zod-free, so a screen can read it without loading the schemas
// (decision 016). Adding a kind (V3 positions) is a new row here; the compiler then points at every
// `Record<FarmKind, …>` that needs one too.

type FarmKindRow = {
  /** The kind as people read it: '{name} import wizard', a farm page's '{name} farm'. */
  name: string;
  /** The kind beside a farm in a list of farms of every kind ('find my farms'). */
  shortName: string;
  /** The tool screen's heading and its link in the header (spec screen 3). */
  toolHeading: string;
  /** The dashboard's section of this kind's tracked farms (spec screen 5). */
  summaryHeading: string;
  /**
   * The kind in URLs: the tool screen /quickswap/{routeSegment}, a farm's page under it, and the product
   * name of GET /api/lp-tools/tools and /lp-tools/…/{routeSegment}/… (spec section 2).
   */
  routeSegment: string;
  /** Its field in GET /api/quickswap/tracked-summary. */
  trackedSummaryField: string;
  /** A farm URL of this kind, shown in the import wizard's URL field. */
  importUrlExample: string;
  /** The tab of QuickSwap's (former) V2 farm list that held farms of this kind. */
  quickswapTab: string;
  /**
   * The farm contract's artifact in @tidewatch/contracts (its export name): the server keeps its ABI per kind
   * keyed by this, so this table stays free of ABIs and of viem.
   */
  contract: string;
  /** The API paths of this kind, below /api (spec sections 4 and 6); the rest of the API is shared. */
  apiPaths: {
    /** The import wizard's next-state endpoint. */
    nextState: string;
    /** Every imported farm of this kind. */
    farms: string;
    /** The signed-in user's tracked farms of this kind. */
    trackedFarms: string;
    /** Track a farm with one of the user's wallets. */
    track: string;
    /** Fresh snapshots of one tracked (farm, account). */
    refresh: string;
  };
};

/**
 * Every farm kind with its labels, URLs and API paths. The keys are the wire's `kind` (and the import
 * wizard's `variant`): 'lp' is QuickSwap's liquidity mining (StakingRewards), 'dual' its dual mining.
 * @example farmKinds.dual.routeSegment // 'dual-mining'
 */
export const farmKinds = {
  lp: {
    name: 'liquidity-mining',
    shortName: 'LP',
    toolHeading: 'liquidity-pool tool',
    summaryHeading: 'LP Mining farms',
    routeSegment: 'lp-mining',
    trackedSummaryField: 'lp_mining',
    importUrlExample: 'https://quickswap.exchange/#/quick/…',
    quickswapTab: 'lpFarm',
    contract: 'stakingRewards',
    apiPaths: {
      nextState: '/quickswap/lp_mining_farm_import_guide/next-state',
      farms: '/quickswap/farmable-pools',
      trackedFarms: '/quickswap/get-tracked-pools',
      track: '/quickswap/track-farmable-pool',
      refresh: '/quickswap/create-snapshots',
    },
  },
  dual: {
    name: 'dual-mining',
    shortName: 'dual',
    toolHeading: 'dual-mining tool',
    summaryHeading: 'Dual Mining farms',
    routeSegment: 'dual-mining',
    trackedSummaryField: 'dual_mining',
    importUrlExample: 'https://quickswap.exchange/#/dual/…',
    quickswapTab: 'DualFarm',
    contract: 'stakingDualRewards',
    apiPaths: {
      nextState: '/quickswap/dual-mining/next-state',
      farms: '/quickswap/dual-mining/farms',
      trackedFarms: '/quickswap/dual-mining/tracked-farms',
      track: '/quickswap/dual-mining/tracked-farm',
      refresh: '/quickswap/dual-mining/snapshots',
    },
  },
} as const satisfies Record<string, FarmKindRow>;

/** A farm's kind: the one word for it in code and on the wire (`kind`; the wizard's wire field `variant`). */
export type FarmKind = keyof typeof farmKinds;

/** Every kind, in the table's order (as a tuple, so `z.enum(farmKindList)` takes it). */
export const farmKindList = Object.keys(farmKinds) as [FarmKind, ...FarmKind[]];

/**
 * The kind whose route segment `segment` is, or undefined.
 * @example farmKindOfRouteSegment('dual-mining') // 'dual'
 */
export function farmKindOfRouteSegment(segment: string | undefined): FarmKind | undefined {
  return farmKindList.find((kind) => farmKinds[kind].routeSegment === segment);
}

// The chains tool's labels and URL segment (issue 47), apart from its wire schemas (chains.ts): zod-free, so the
// header and the route table can read it without bringing zod into the start-up bundle (decision 016).

/** The tool in URLs (/quickswap/chains) and labels: QuickSwap on every chain this instance reads. */
export const chainsTool = {
  routeSegment: 'chains',
  /** Polygon, the instance's own chain: its holdings are the other tools'. */
  polygonChainId: 137,
  toolHeading: 'Every chain',
  statusHeading: 'Chains',
  v4Heading: 'V4 positions (Algebra Integral)',
  v3Heading: 'V3 positions (Algebra V1.0)',
  farmsHeading: 'V2 farms',
  v2Heading: 'V2 liquidity',
  syrupsHeading: 'Syrup pools',
} as const;

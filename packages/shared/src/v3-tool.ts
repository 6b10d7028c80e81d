// The V3 positions tool's labels and URL segment (issue 34), apart from its wire schemas
// (v3-positions.ts, which re-exports it): zod-free, so the header and the route table can read it without
// bringing zod into the start-up bundle (decision 016), as farm-kinds.ts does for the farm kinds.

/** The tool in URLs (/quickswap/v3-positions, /lp-tools/view/quickswap/v3-positions/{tokenId}) and labels. */
export const v3Tool = {
  routeSegment: 'v3-positions',
  toolHeading: 'V3 positions tool',
  summaryHeading: 'V3 positions',
  /** Its field in GET /api/quickswap/tracked-summary. */
  trackedSummaryField: 'v3_positions',
} as const;

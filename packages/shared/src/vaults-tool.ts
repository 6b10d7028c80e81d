// The vaults tool's labels and URL segment (issue 45), apart from its wire schemas (vaults.ts, which re-exports
// it): zod-free, so the header and the route table can read it without bringing zod into the start-up bundle
// (decision 016), as v3-tool.ts does for the V3 positions tool.

/** The tool in URLs (/quickswap/vaults) and labels: vault shares, the Dragon's Lair and syrup pools. */
export const vaultsTool = {
  routeSegment: 'vaults',
  toolHeading: 'Vaults tool',
  vaultsHeading: 'Vault shares',
  lairHeading: "Dragon's Lair",
  syrupsHeading: 'Syrup pools',
} as const;

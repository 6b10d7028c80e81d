/**
 * QuickSwap on Polygon: the defaults of the configuration and of the on-chain price source, in one place.
 * Sources: quickswap-onchain.md; QuickSwap interface-v2 src/constants/v3/addresses.ts (QUICK, lairs);
 * router and converter: quickswap-onchain.md ("Router", "Rewards"), checksummed;
 * farm factories: docs/decisions/011; QuickSwap V3 (Algebra V1.0) and Merkl: quickswap-v3-onchain.md §1 and §6.
 */
export const polygon = {
  multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
  quickswapFactory: '0x5757371414417b8C6CAad45bAeF941aBc7d3Ab32',
  usdc: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174',
  wmatic: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
  /** The on-chain price rule's hubs (decision 021): a token traded only against one is priced through it. */
  weth: '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619',
  wbtc: '0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6',
  quick: {
    old: '0x831753DD7087CaC61aB5644b308642cc1c33Dc13',
    new: '0xB5C064F955D8e7F38fE0460C556a72987494eE17',
  },
  dquick: {
    old: '0xf28164A485B0B2C90639E47b0f377b4a438a16B1',
    new: '0x958d208Cdf087843e9AD98d23823d32E17d723A1',
  },
  /** QuickSwap's V2 router (Uniswap V2 Router02 code): removeLiquidity(WithPermit) of its pairs. */
  quickswapRouter: '0xa5E0829CaCEd8fFDD4De3c43696c57F7D7A678ff',
  /** QuickSwap's QUICK converter (TokenSwap): quickToQuickX, 1 old QUICK -> 1000 new QUICK. */
  quickConverter: '0x333068D06563a8DfDBF330A0e04A9d128e98bf5a',
  /**
   * Newest first: dQUICK-reward, QUICK-reward, first generation, then the early-2021 generations named
   * beside their farms in a community dashboard's farm list (quickswap-onchain.md, "Where QuickSwap stands
   * today"). The published farm lists (farm-index/farm-registry.json) cover what no known factory does.
   */
  lpFarmFactories: [
    '0x8aAA5e259F74c8114e0a471d9f2ADFc66Bfe09ed',
    '0x5eec262B05A57da9beb5FE96a34aa4eD0C5e029f',
    '0xbD20FAdBdd65A73A15452Ce0adf7d4943e102b69',
    '0xce2944738CA9Ae803E692124F6Fa78C1cbE3a354',
    '0xEbA9170fd5c04452Ebd40276515803687fF64162',
    '0x8A121aECBFFa81A9d4B1eeA6290F20C4487d990D',
    '0x122cfEd20D7C812cbcEC5538BB8DE3e46c94BEf6',
    '0xE8aF51444824b23d71987166b3ECa9d4C28eA4A6',
  ],
  dualFarmFactories: ['0x9Dd12421C637689c3Fc6e661C9e2f02C2F61b3Eb'],
  /** QuickSwap V3: Algebra V1.0's contracts on Polygon (interface-v2 addresses.ts; Algebra's docs). */
  v3: {
    factory: '0x411b0fAcC3489691f28ad58c47006AF5E3Ab3A28',
    poolDeployer: '0x2D98E2FA9da15aa6dC9581AB097Ced7af697CB92',
    positionManager: '0x8eF88E4c7CfbbaC1C163f7eddd4B578792201de6',
    farmingCenter: '0x7F281A8cdF66eF5e9db8434Ec6D97acc1bc01E78',
    eternalFarming: '0x8a26436e41d0b5fc4C6Ed36C1976fafBe173444E',
    /**
     * No eternal incentive of that contract is older than this block: the start block QuickSwap's farming
     * subgraph (v3-subgraphs AlgebraFarming/subgraph.yaml) indexes it from. Where incentive logs are read from.
     */
    eternalFarmingFromBlock: 18_016_078n,
  },
  /** Merkl's Distributor (proxy) on Polygon: claimed(user, token) is the cumulative amount claimed. */
  merklDistributor: '0x3Ef3D8bA38EBe18DB133cEc108f4D14CE00Dd9Ae',
} as const satisfies Record<string, unknown>;

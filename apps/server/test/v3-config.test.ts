import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/core/config.ts';

// The V3 and Merkl settings (issue 34): Polygon's contracts by default, checksummed, and one line naming a
// bad value.
describe('V3 and Merkl configuration', () => {
  it("defaults to QuickSwap V3's contracts on Polygon and Merkl's API, checksummed", () => {
    const config = parseConfig({});
    expect(config.v3).toEqual({
      factory: '0x411b0fAcC3489691f28ad58c47006AF5E3Ab3A28',
      poolDeployer: '0x2D98E2FA9da15aa6dC9581AB097Ced7af697CB92',
      positionManager: '0x8eF88E4c7CfbbaC1C163f7eddd4B578792201de6',
      farmingCenter: '0x7F281A8cdF66eF5e9db8434Ec6D97acc1bc01E78',
      eternalFarming: '0x8a26436e41d0b5fc4C6Ed36C1976fafBe173444E',
      eternalFarmingFromBlock: 18_016_078n,
    });
    expect(config.merkl).toEqual({
      distributor: '0x3Ef3D8bA38EBe18DB133cEc108f4D14CE00Dd9Ae',
      apiUrl: 'https://api.merkl.xyz',
      timeoutMs: 5_000,
    });
  });

  it('takes other contracts in any case, checksums them, and reads their incentives from the first block', () => {
    const farming = '0x00000000000000000000000000000000000000aa';
    const config = parseConfig({
      V3_ETERNAL_FARMING_ADDRESS: farming,
      MERKL_API_URL: 'http://127.0.0.1:4000/',
      MERKL_API_TIMEOUT_MS: '750',
    });
    expect(config.v3.eternalFarming).toBe(getAddress(farming));
    expect(config.v3.eternalFarmingFromBlock).toBe(0n);
    expect(config.merkl.apiUrl).toBe('http://127.0.0.1:4000');
    expect(config.merkl.timeoutMs).toBe(750);
  });

  it('refuses a bad address, URL or timeout naming the variable', () => {
    expect(() => parseConfig({ V3_POSITION_MANAGER_ADDRESS: '0x12' })).toThrow(
      /V3_POSITION_MANAGER_ADDRESS must be a 0x-prefixed 20-byte address/,
    );
    expect(() => parseConfig({ MERKL_API_URL: 'ftp://merkl' })).toThrow(
      /MERKL_API_URL must be an http\(s\) URL/,
    );
    expect(() => parseConfig({ MERKL_API_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
  });
});

import { describe, expect, it } from 'vitest';
import { extractAddresses } from './extract-addresses.ts';

const A = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174'; // USDC
const B = '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270'; // WMATIC
const F = '0x5757371414417b8C6CAad45bAeF941aBc7d3Ab32';

describe('extractAddresses', () => {
  it.each([
    ['LP farm URL', `https://quickswap.exchange/#/quick/${A}/${B}/${F}`, 'lp-farm'],
    ['dual farm URL', `https://quickswap.exchange/#/dual/${A}/${B}/${F}`, 'dual-farm'],
  ])('puts the farm of a %s first, then its tokens', (_, input, hint) => {
    expect(extractAddresses(input)).toEqual([
      { address: F, hint },
      { address: A, hint: 'token' },
      { address: B, hint: 'token' },
    ]);
  });

  it('reads polygonscan address and token URLs', () => {
    expect(extractAddresses(`https://polygonscan.com/address/${F}#code`)).toEqual([
      { address: F, hint: null },
    ]);
    expect(extractAddresses(`https://polygonscan.com/token/${A}?a=1`)).toEqual([
      { address: A, hint: 'token' },
    ]);
  });

  it('takes a bare address, with surrounding whitespace and any letter case', () => {
    expect(extractAddresses(`  ${F.toLowerCase()}\n`)).toEqual([{ address: F, hint: null }]);
    expect(extractAddresses(F.toUpperCase().replace('0X', '0x'))).toEqual([{ address: F, hint: null }]);
  });

  it('finds several addresses once each', () => {
    expect(extractAddresses(`${A}, ${B} and ${A.toLowerCase()}`).map((c) => c.address)).toEqual([A, B]);
  });

  it('ignores transaction hashes and too-short hex', () => {
    const txHash = `0x${'ab'.repeat(32)}`;
    expect(extractAddresses(`https://polygonscan.com/tx/${txHash}`)).toEqual([]);
    expect(extractAddresses('0x1234')).toEqual([]);
    expect(extractAddresses('https://quickswap.exchange/#/farm')).toEqual([]);
  });
});

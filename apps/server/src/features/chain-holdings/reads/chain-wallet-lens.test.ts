import { describe, expect, it } from 'vitest';
import { compileLens } from '../../../core/chain/lens-compile.ts';
import { chainWalletLensCode } from './chain-wallet-lens-code.ts';

describe('the chain wallet lens', () => {
  it('runs the code its Solidity source compiles to (paste the printed code after editing the source)', () => {
    const compiled = compileLens(new URL('./chain-wallet-lens.sol', import.meta.url), 'ChainWalletLens');
    expect(chainWalletLensCode, `compiled code:\n${compiled}`).toBe(compiled);
  });
});

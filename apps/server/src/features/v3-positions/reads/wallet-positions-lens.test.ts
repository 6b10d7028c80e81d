import { describe, expect, it } from 'vitest';
import { compileLens } from '../../../core/chain/lens-compile.ts';
import { walletPositionsLensCode } from './wallet-positions-lens-code.ts';

describe('the wallet positions lens', () => {
  it('runs the code its Solidity source compiles to (paste the printed code after editing the source)', () => {
    const compiled = compileLens(
      new URL('./wallet-positions-lens.sol', import.meta.url),
      'WalletPositionsLens',
    );
    expect(walletPositionsLensCode, `compiled code:\n${compiled}`).toBe(compiled);
  });
});

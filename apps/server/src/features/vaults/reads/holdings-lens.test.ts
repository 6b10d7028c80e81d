import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import solc from 'solc';
import { describe, expect, it } from 'vitest';
import { holdingsLensCode } from './holdings-lens-code.ts';

/** The settings holdings-lens-code.ts says it was compiled with. */
function compileLens(): string {
  const source = readFileSync(fileURLToPath(new URL('./holdings-lens.sol', import.meta.url)), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'holdings-lens.sol': { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'paris',
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { '*': { VaultHoldingsLens: ['evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  return `0x${output.contracts['holdings-lens.sol']!.VaultHoldingsLens!.evm.bytecode.object}`;
}

describe('the vault holdings lens', () => {
  it('runs the code its Solidity source compiles to (paste the printed code after editing the source)', () => {
    const compiled = compileLens();
    expect(holdingsLensCode, `compiled code:\n${compiled}`).toBe(compiled);
  });
});

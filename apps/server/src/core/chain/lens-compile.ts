import { readFileSync } from 'node:fs';
import solc from 'solc';

/**
 * Compiles a lens's Solidity source as its `…-lens-code.ts` says it was compiled (solc 0.8.37, optimizer on, 200
 * runs, EVM 'paris': no PUSH0; no metadata) and answers its creation code. Tests only: each lens's test compares
 * the code the app runs with what its source compiles to.
 */
export function compileLens(sourceUrl: URL, contract: string): `0x${string}` {
  const file = sourceUrl.pathname.split('/').pop()!;
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: readFileSync(sourceUrl, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'paris',
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { '*': { [contract]: ['evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  return `0x${output.contracts[file]![contract]!.evm.bytecode.object}`;
}

import { BaseError, ContractFunctionRevertedError, decodeErrorResult, type Hex, isHex } from 'viem';

/** JSON-RPC's code for a call that reverted (geth, anvil; MetaMask nests it under -32603). */
const executionRevertedCode = 3;

function readRevertData(error: unknown): Hex | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 10 && current && typeof current === 'object'; depth++) {
    const data = (current as { data?: unknown }).data;
    if (isHex(data) && data.length > 2) return data;
    if (data && typeof data === 'object' && isHex((data as { data?: unknown }).data)) {
      return (data as { data: Hex }).data;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function hasRevertCode(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 10 && current && typeof current === 'object'; depth++) {
    const { code, data } = current as { code?: unknown; data?: { code?: unknown } };
    if (code === executionRevertedCode || data?.code === executionRevertedCode) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Why a call reverted, in the contract's words: its `require` message, a custom error's name, a panic; or
 * null when the failure was not a revert (the network, the wallet). `ContractFunctionRevertedError` is what
 * viem makes of a simulation's revert; a raw call (a failed transaction replayed) carries only the data.
 * @example getRevertReason(simulationError) // 'Cannot withdraw 0'
 */
export function getRevertReason(error: unknown): string | null {
  if (error instanceof BaseError) {
    const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) {
      return (
        reverted.reason ??
        reverted.data?.errorName ??
        reverted.signature ??
        'the contract reverted without a reason'
      );
    }
  }
  const data = readRevertData(error);
  if (data) {
    try {
      const decoded = decodeErrorResult({ abi: [], data });
      if (decoded.errorName === 'Error') return String(decoded.args[0]);
      return `${decoded.errorName}(${decoded.args.map(String).join(', ')})`;
    } catch {
      return `the contract reverted with data ${data.slice(0, 10)}`;
    }
  }
  return hasRevertCode(error) ? 'the contract reverted without a reason' : null;
}

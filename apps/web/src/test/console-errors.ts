/**
 * console.error calls made during the current test. The setup file fails a test that leaves any behind; a
 * test that provokes one on purpose takes it with `expectConsoleError`.
 */
const recorded: unknown[][] = [];

export function recordConsoleError(args: unknown[]): void {
  recorded.push(args);
}

/** Removes and returns what was recorded since the last call. */
export function takeConsoleErrors(): unknown[][] {
  return recorded.splice(0);
}

const textOf = (args: unknown[]) => args.map(String).join(' ');

/** Asserts that console.error was called with arguments (joined by spaces) matching `pattern`; takes those calls. */
export function expectConsoleError(pattern: RegExp): void {
  const matching = recorded.filter((args) => pattern.test(textOf(args)));
  if (matching.length === 0) {
    throw new Error(`no console.error matched ${pattern}; seen: ${recorded.map(textOf).join(' | ')}`);
  }
  for (const call of matching) recorded.splice(recorded.indexOf(call), 1);
}

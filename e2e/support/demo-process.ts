import { execFileSync, spawn } from 'node:child_process';
import { type FarmKind, farmKindOfRouteSegment } from '@tidewatch/shared/farm-kinds';
import { repoRoot } from './app-server.ts';

/** A farm URL the demo printed, under its kind's route segment ('lp-mining', 'dual-mining'). */
type DemoFarmUrl = { kind: FarmKind; key: string; url: string };

/** What `npm run demo` printed, parsed the way a person reads it, plus handles on the process. */
export type DemoProcess = {
  /** Also the id of the demo's process group: everything it starts belongs to it. */
  pid: number;
  url: string;
  login: { email: string; password: string };
  walletAddress: string;
  rpcUrl: string;
  farmUrls: DemoFarmUrl[];
  /** The local webhook receiver's URL the demo printed, to add as a webhook channel. */
  webhookUrl: string;
  output: () => string;
  /** Types a line into the demo's terminal and presses Enter, as a person pastes a link or a secret. */
  paste: (line: string) => void;
  /** Sends SIGINT (what Ctrl-C delivers) to the demo script; resolves with how it exited. */
  interrupt: (timeoutMs?: number) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Last-resort cleanup after a failed test: SIGKILL to whatever is left of the process group. */
  kill: () => void;
};

/** True while any process of the group is alive (signal 0 checks without delivering anything). */
export function isProcessGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The processes left in a group, one per line, for failure messages. */
export function listProcessGroup(pgid: number): string {
  try {
    return execFileSync('ps', ['-o', 'pid,stat,args', '-g', String(pgid)], { encoding: 'utf8' });
  } catch {
    return `no process in group ${pgid}`;
  }
}

function parseDemoOutput(output: string) {
  const url = /Tidewatch demo is running at (\S+)/.exec(output)?.[1];
  const login = /log in with\s+(\S+) \/ (\S+)/.exec(output);
  const walletAddress = /'Demo wallet' \((0x[0-9a-fA-F]{40})\)/.exec(output)?.[1];
  const rpcUrl = /chain RPC\s+(\S+)/.exec(output)?.[1];
  const webhookUrl = /^\s+webhook\s+URL (\S+)$/m.exec(output)?.[1];
  const farmUrls = [...output.matchAll(/^\s+(lp-mining|dual-mining)\s+(\S+)\s+(https:\/\/\S+)\s*$/gm)].map(
    (match) => ({ kind: farmKindOfRouteSegment(match[1])!, key: match[2]!, url: match[3]! }),
  );
  if (!url || !login || !walletAddress || !rpcUrl || farmUrls.length === 0 || !webhookUrl) {
    throw new Error(
      `the demo's output lacks the URL, login, wallet, chain, farm URLs or webhook receiver:\n${output}`,
    );
  }
  return {
    url,
    login: { email: login[1]!, password: login[2]! },
    walletAddress,
    rpcUrl,
    farmUrls,
    webhookUrl,
  };
}

/**
 * Starts `scripts/demo.ts` the way `npm run demo` does after its build step (the e2e run has built the SPA
 * already), in its own process group, and resolves once it printed its banner.
 */
export async function startDemoProcess(options: { port: number; timeoutMs?: number }): Promise<DemoProcess> {
  // A person's shell has no test-runner variables: keep the demo from seeing vitest's NODE_ENV.
  const { NODE_ENV: _nodeEnv, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
    cwd: repoRoot,
    env: { ...env, PORT: String(options.port) },
    detached: true,
    // stdin a pipe: the demo reads pasted Telegram links and webhook secrets from its terminal.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn the demo');
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const kill = () => {
    if (isProcessGroupAlive(pid)) process.kill(-pid, 'SIGKILL');
  };

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (!output.includes('press Ctrl-C to stop everything')) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the demo exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`,
      );
    }
    if (Date.now() > deadline) {
      kill();
      throw new Error(`the demo printed no banner in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  let printed: ReturnType<typeof parseDemoOutput>;
  try {
    printed = parseDemoOutput(output);
  } catch (error) {
    kill();
    throw error;
  }
  return {
    pid,
    ...printed,
    output: () => output,
    paste: (line) => {
      child.stdin?.write(`${line}\n`);
    },
    interrupt: async (timeoutMs = 30_000) => {
      child.kill('SIGINT');
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`the demo did not exit within ${timeoutMs} ms`)),
          timeoutMs,
        ).unref(),
      );
      return Promise.race([exited, timeout]);
    },
    kill,
  };
}

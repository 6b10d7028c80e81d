import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFarmSnapshots } from '../snapshots/read.ts';
import { ChainUnavailableError, ReadFailedError, WrongChainError } from './errors.ts';
import { startTestChain, type TestChain } from './testing.ts';

// Each fault is played by the proxy in front of the real node; every one must end in a typed error
// with a clear message, and the read must hand back nothing at all.
let t: TestChain;
beforeAll(async () => {
  t = await startTestChain();
});
afterEach(() => t.proxy.reset());
afterAll(() => t?.stop());

const farmsOf = () =>
  [t.world.farms.wmaticUsdc, t.world.farms.dualWethWmatic].map((f) => ({ address: f.address, kind: f.kind }));
const readAll = (chain = t.chain) =>
  readFarmSnapshots(chain, { farms: farmsOf(), accounts: [t.world.accounts.user.address] });

describe('faults through the proxy', () => {
  it('a hung node: ChainUnavailableError after the timeout', async () => {
    const chain = t.makeClient({ timeoutMs: 300, retryCount: 1 });
    await chain.assertChainId();
    t.proxy.inject({ type: 'hang' });
    const error = await readAll(chain).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as ChainUnavailableError).shortMessage).toMatch(/did not answer eth_\w+ within 300 ms/);
  });

  it('HTTP 429 with Retry-After: waits as asked, then reads', async () => {
    const chain = t.makeClient();
    await readAll(chain); // warm: a refresh is then exactly one request
    t.proxy.reset();
    t.proxy.inject({ type: 'http429', retryAfter: 1 }, { times: 1 });
    const started = Date.now();
    const read = await readAll(chain);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(read.farms).toHaveLength(2);
    expect(t.proxy.calls).toEqual(['eth_call', 'eth_call']); // 429, then the retry
  });

  it('HTTP 429 asking for too long: fails at once, no waiting', async () => {
    const chain = t.makeClient({ maxRetryAfterMs: 5_000 });
    await chain.assertChainId();
    t.proxy.reset();
    t.proxy.inject({ type: 'http429', retryAfter: 3_600 });
    const error = await readAll(chain).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as ChainUnavailableError).shortMessage).toMatch(/rate-limited .* asked to wait 3600 s/);
    // No retry was made: the one refused request was the last (a wait would have needed a second).
    expect(t.proxy.requestCount).toBe(1);
  });

  it('HTTP 5xx: bounded retries, then ChainUnavailableError naming the status', async () => {
    const chain = t.makeClient({ retryCount: 2, retryDelayMs: 10 });
    await readAll(chain);
    t.proxy.reset();
    t.proxy.inject({ type: 'http5xx', status: 503 });
    const error = await readAll(chain).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as ChainUnavailableError).shortMessage).toMatch(/answered eth_\w+ with HTTP 503/);
    expect((error as ChainUnavailableError).code).toBe('CHAIN_UNAVAILABLE');
    expect(t.proxy.requestCount).toBe(3); // one try and two retries, all in one batch each
  });

  it('a wrong chain id: WrongChainError at start', async () => {
    t.proxy.inject({ type: 'wrongChainId', chainId: 1 });
    const error = await readAll(t.makeClient()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongChainError);
    expect((error as WrongChainError).shortMessage).toBe(
      'The RPC endpoint serves chain 1, but CHAIN_ID is 137; refusing to read from the wrong chain.',
    );
  });

  it('a wrong chain id after a reconnect: checked again, WrongChainError', async () => {
    const chain = t.makeClient({ retryCount: 0 });
    await readAll(chain);
    t.proxy.inject({ type: 'http5xx' }, { times: 1 });
    await expect(readAll(chain)).rejects.toBeInstanceOf(ChainUnavailableError);
    t.proxy.inject({ type: 'wrongChainId', chainId: 80_002 });
    await expect(readAll(chain)).rejects.toBeInstanceOf(WrongChainError);
  });

  it('one call reverting inside the batch: ReadFailedError naming it', async () => {
    const chain = t.makeClient();
    await readAll(chain); // warm: the pinned batch is the only aggregate3
    // Calls 0 and 1 are the block number and timestamp; 2 is the first pair's reserves.
    t.proxy.inject({ type: 'revertInside', callIndex: 2 });
    const error = await readAll(chain).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadFailedError);
    const failed = (error as ReadFailedError).failures;
    expect(failed).toEqual([
      { label: `pair ${t.world.farms.wmaticUsdc.pair}: getReserves()`, reason: 'reverted: injected revert' },
    ]);
    expect((error as ReadFailedError).shortMessage).toMatch(
      /^Read failed at block \d+: pair 0x[0-9a-fA-F]{40}: getReserves\(\): reverted: injected revert$/,
    );
  });

  it('garbage instead of JSON: ChainUnavailableError', async () => {
    const chain = t.makeClient({ retryCount: 0 });
    await chain.assertChainId();
    t.proxy.inject({ type: 'garbageJson' });
    const error = await readAll(chain).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as ChainUnavailableError).shortMessage).toMatch(
      /answered eth_\w+ with something that is not JSON-RPC/,
    );
  });
});

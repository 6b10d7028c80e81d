import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReceiverUrl, resolveWithCares } from '../src/features/alert-channels/public-address.ts';

// Issue 36, review 2 item 10: the SSRF guard's name lookup goes through c-ares (cancellable, on the event
// loop) to real name servers on loopback: one that never answers, one that answers from a table. `localhost`
// names are loopback without a query.

/** The question of a DNS query: its name and type (1 A, 28 AAAA), and where the question ends. */
function questionOf(query: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let offset = 12;
  while (query[offset]! > 0) {
    const length = query[offset]!;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(offset + 1), end: offset + 5 };
}

/**
 * A UDP name server on loopback. `records` maps a name to its IPv4 addresses (no AAAA records); a name not
 * in it is NXDOMAIN. `silent`: it reads every query and answers none.
 */
async function startNameServer(options: { records?: Record<string, string[]>; silent?: boolean }) {
  const queries: { name: string; type: number }[] = [];
  const socket: Socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    const { name, type, end } = questionOf(query);
    queries.push({ name, type });
    if (options.silent) return;
    const addresses = options.records?.[name];
    const answers = type === 1 ? (addresses ?? []) : [];
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    // A response, recursion desired and available; NXDOMAIN (3) for an unknown name.
    header.writeUInt16BE(0x8180 | (addresses ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records = answers.map((address) => {
      const record = Buffer.alloc(16);
      record.writeUInt16BE(0xc00c, 0); // the question's name
      record.writeUInt16BE(1, 2); // A
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(60, 6);
      record.writeUInt16BE(4, 10);
      Buffer.from(address.split('.').map(Number)).copy(record, 12);
      return record;
    });
    socket.send(Buffer.concat([header, query.subarray(12, end), ...records]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    queries,
    stop: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

let silent: Awaited<ReturnType<typeof startNameServer>>;
let answering: Awaited<ReturnType<typeof startNameServer>>;
beforeAll(async () => {
  silent = await startNameServer({ silent: true });
  answering = await startNameServer({
    records: { 'hooks.example.com': ['93.184.216.34'], 'inside.example.com': ['10.0.0.5'] },
  });
});
afterAll(async () => {
  await Promise.all([silent?.stop(), answering?.stop()]);
});

const strict = (server: string, signal?: AbortSignal) => ({
  allowLoopback: false,
  resolve: resolveWithCares({ servers: [server], timeoutMs: 200 }),
  signal,
});

describe("the guard's name lookup (c-ares)", () => {
  it('asks the name server and pins the public address it answers', async () => {
    const checked = await checkReceiverUrl('https://hooks.example.com/x', strict(answering.server));
    expect(checked).toMatchObject({ ok: true, pinned: { address: '93.184.216.34', family: 4 } });
    expect(answering.queries).toContainEqual({ name: 'hooks.example.com', type: 1 });
    expect(answering.queries).toContainEqual({ name: 'hooks.example.com', type: 28 });
  });

  it('refuses a name the name server answers with a private address', async () => {
    const checked = await checkReceiverUrl('https://inside.example.com/x', strict(answering.server));
    expect(checked).toEqual({
      ok: false,
      reason: 'it resolves to 10.0.0.5, a private address, not a public one',
    });
  });

  it('calls a name the name server does not know a temporary refusal (a retry)', async () => {
    const checked = await checkReceiverUrl('https://gone.example.com/x', strict(answering.server));
    expect(checked).toEqual({
      ok: false,
      reason: 'its host gone.example.com does not resolve',
      isTemporary: true,
    });
  });

  it('gives up on a name server that never answers when the signal ends the wait', async () => {
    const controller = new AbortController();
    const checking = checkReceiverUrl(
      'https://hooks.example.com/x',
      strict(silent.server, controller.signal),
    );
    // The query reached the silent server (c-ares asked it, not the system's resolver); then the send's time
    // runs out.
    while (silent.queries.length === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect(await checking).toEqual({
      ok: false,
      reason: 'its host hooks.example.com did not resolve in time',
      isTemporary: true,
    });
  });

  it('cancels the query itself when the signal aborts (no lookup left running)', async () => {
    const controller = new AbortController();
    const before = silent.queries.length;
    const lookup = resolveWithCares({ servers: [silent.server], timeoutMs: 60_000 })(
      'cancel.example.com',
      controller.signal,
    );
    while (silent.queries.length === before) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await expect(lookup).rejects.toMatchObject({ code: 'ECANCELLED' });
  });

  it('gives up on a name server that never answers after its own tries, without a signal', async () => {
    const checked = await checkReceiverUrl('https://hooks.example.com/x', strict(silent.server));
    expect(checked).toEqual({
      ok: false,
      reason: 'its host hooks.example.com did not resolve in time',
      isTemporary: true,
    });
  });

  it.each([['localhost'], ['hooks.localhost'], ['LOCALHOST.']])(
    'answers %s as loopback without a query: refused, or pinned to 127.0.0.1 under the test setting',
    async (host) => {
      const before = answering.queries.length;
      const refused = await checkReceiverUrl(`https://${host}/x`, strict(answering.server));
      expect(refused).toEqual({
        ok: false,
        reason: 'it resolves to 127.0.0.1, a loopback address, not a public one',
      });
      const allowed = await checkReceiverUrl(`http://${host}/x`, {
        ...strict(answering.server),
        allowLoopback: true,
      });
      expect(allowed).toMatchObject({ ok: true, pinned: { address: '127.0.0.1', family: 4 } });
      expect(answering.queries).toHaveLength(before);
    },
  );
});

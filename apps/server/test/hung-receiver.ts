import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local receiver that never answers: each request hangs until the sender gives up. */
export async function startHungReceiver() {
  let requests = 0;
  let arrived: () => void = () => {};
  const server = createServer((request) => {
    request.resume();
    requests += 1;
    arrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests: () => requests,
    /** Resolves once `count` requests have come. */
    async waitFor(count: number) {
      while (requests < count) await new Promise<void>((resolve) => (arrived = resolve));
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

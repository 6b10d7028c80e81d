import { createServer } from 'node:net';

/** Asks the kernel for a free loopback port (tests never bind fixed ports: other suites may run beside them). */
export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not determine a free port'));
      });
    });
  });
}

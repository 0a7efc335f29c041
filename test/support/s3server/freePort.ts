import { createServer } from 'node:net';

/**
 * A TCP port that was free on `host` a moment ago. When `host` is not an address of this network
 * namespace (a server wrapped into another namespace), any free loopback port number will do: the
 * other namespace starts empty.
 */
export const freePort = async (host: string): Promise<number> => {
  try {
    return await listenOnce(host);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRNOTAVAIL') throw error;
    return listenOnce('127.0.0.1');
  }
};

const listenOnce = (host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:tls';

export type TlsFront = {
  /** `https://127.0.0.1:PORT`: clients sign for this host, which the front passes on untouched. */
  readonly endpoint: string;
  readonly port: number;
  /** The self-signed certificate (PEM), for a client meant to trust it. */
  readonly cert: Buffer;
  /** Handshakes the front saw fail: proves a client that refused the certificate reached it. */
  refusedHandshakes(): number;
  /** Stops listening and cuts every open connection. */
  close(): Promise<void>;
};

/**
 * Every real endpoint is https and radosgw here speaks plain HTTP: a TLS pass-through on
 * 127.0.0.1 in front of `target`, with a self-signed certificate made by openssl for the test
 * (valid for IP 127.0.0.1, one day). Bytes go through as they are, so SigV4 signatures hold.
 */
export const startTlsFront = async (options: { readonly target: string }): Promise<TlsFront> => {
  const dir = mkdtempSync(join(tmpdir(), 'depot-tls-'));
  let key: Buffer;
  let cert: Buffer;
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    key = readFileSync(join(dir, 'key.pem'));
    cert = readFileSync(join(dir, 'cert.pem'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const upstream = new URL(options.target);
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  let refused = 0;
  const server = createServer({ key, cert }, (client) => {
    const origin = connect(Number(upstream.port), upstream.hostname);
    track(client);
    track(origin);
    client.pipe(origin).pipe(client);
    client.on('error', () => origin.destroy());
    origin.on('error', () => client.destroy());
  });
  // Raw sockets are tracked from their first byte: one whose handshake fails never reaches the
  // handler above, and close() must not wait for it.
  server.on('connection', track);
  server.on('tlsClientError', () => (refused += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `https://127.0.0.1:${port}`,
    port,
    cert,
    refusedHandshakes: () => refused,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
};

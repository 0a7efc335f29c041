import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { normalize } from 'node:path';
import { WebSocketServer } from 'ws';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import type { Handlers } from '../ipc/Handlers';
import { BridgeGate } from './BridgeGate';
import { serveContract } from './serveContract';
import type { ContractClients } from './serveContract';
import { serveStatic } from './serveStatic';
export const BRIDGE_PROTOCOL = 'depot.v1';
const HOST = '127.0.0.1';
/**
 * The largest WebSocket message the bridge reads: the biggest legitimate call (a folder path and
 * settings) is a few KiB, so 256 KiB leaves room without letting a client make it buffer megabytes.
 */
export const MAX_MESSAGE_BYTES = 256 * 1024;

export type BridgeOptions = {
  readonly handlers: Handlers;
  readonly subscribe: (listener: (event: DepotEvent) => void) => () => void;
  /** The built renderer (`dist/renderer`). */
  readonly staticDir: string;
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Fixed token for tests; otherwise 32 random bytes per run. */
  readonly token?: string;
  readonly log?: (line: string) => void;
};

export type Bridge = {
  readonly port: number;
  readonly origin: string;
  /** The address to open: the token rides in the fragment, which browsers never send. */
  readonly url: string;
  close(): Promise<void>;
};

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** The HTTP side: the built renderer to requests the gate lets through, a bare status to others. */
const staticServer = (gate: BridgeGate, root: string, log: (line: string) => void): Server => {
  const server = createServer((req, res) => {
    try {
      const verdict = gate.refusal(req);
      if (verdict.path === undefined) {
        res.writeHead(verdict.status, { connection: 'close' }).end();
        return;
      }
      void serveStatic(root, gate.origin, verdict.path, req, res);
    } catch (error) {
      log(`bridge: request failed: ${messageOf(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  // A malformed request (bad header, oversized header): answer 400 and drop that socket only.
  server.on('clientError', (_error, socket: Socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return server;
};

/** A WebSocket upgrade: handed to the contract when the gate admits it, refused (403) otherwise. */
const upgrade = (
  gate: BridgeGate,
  wss: WebSocketServer,
  log: (line: string) => void,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): void => {
  // After 'upgrade' the socket is ours: without this, a reset by the peer would end the process.
  socket.on('error', () => socket.destroy());
  try {
    if (!gate.admitsUpgrade(req)) {
      log(
        `bridge: refused a WebSocket from origin ${JSON.stringify(req.headers.origin ?? '(none)').slice(0, 200)}`,
      );
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  } catch (error) {
    log(`bridge: upgrade failed: ${messageOf(error)}`);
    socket.destroy();
  }
};

const shutDown = async (
  server: Server,
  wss: WebSocketServer,
  contract: ContractClients,
): Promise<void> => {
  contract.unsubscribe();
  for (const ws of contract.clients) ws.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
};

/**
 * Serves the built renderer and the contract over WebSocket, on 127.0.0.1 only, to the pages
 * `BridgeGate` admits.
 */
export const startBridge = async (options: BridgeOptions): Promise<Bridge> => {
  const token = options.token ?? randomBytes(32).toString('base64url');
  // A WebSocket that offers no token at all gives '': an empty token would let it in.
  if (token === '') throw new RangeError('the bridge token is empty');
  const log = options.log ?? (() => undefined);
  const gate = new BridgeGate(token);
  const server = staticServer(gate, normalize(options.staticDir), log);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: (protocols) => (protocols.has(BRIDGE_PROTOCOL) ? BRIDGE_PROTOCOL : false),
  });
  server.on('upgrade', (req, socket, head) => upgrade(gate, wss, log, req, socket, head));
  const contract = serveContract(wss, options, log);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  gate.opened(HOST, port);

  return {
    port,
    origin: gate.origin,
    url: `${gate.origin}/#token=${token}`,
    close: () => shutDown(server, wss, contract),
  };
};

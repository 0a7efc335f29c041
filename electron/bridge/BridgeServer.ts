import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import type { Handlers } from '../ipc/Handlers';
import { dispatch } from '../ipc/dispatch';

export const BRIDGE_PROTOCOL = 'depot.v1';
const HOST = '127.0.0.1';

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

const types: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

const csp = (origin: string): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${origin.replace('http:', 'ws:')} blob:`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const sameToken = (given: string, token: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Serves the built renderer and the contract over WebSocket, on 127.0.0.1 only. Another local
 * page cannot drive it: the Host header must name this bridge (DNS rebinding), the WebSocket's
 * Origin must be this bridge, and the per-run token must be offered as a sub-protocol.
 */
export const startBridge = async (options: BridgeOptions): Promise<Bridge> => {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const log = options.log ?? (() => undefined);
  const root = normalize(options.staticDir);
  let origin = '';
  const allowedHosts = new Set<string>();

  const serveStatic = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = decodeURIComponent(new URL(req.url ?? '/', origin).pathname);
    const relative = path === '/' ? 'index.html' : path.slice(1);
    const file = normalize(join(root, relative));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': csp(origin),
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': file.endsWith('.html') ? 'no-store' : 'max-age=3600',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  };

  const server = createServer((req, res) => {
    if (
      !allowedHosts.has(req.headers.host ?? '') ||
      (req.method !== 'GET' && req.method !== 'HEAD')
    ) {
      res.writeHead(403).end();
      return;
    }
    void serveStatic(req, res);
  });

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 1024 * 1024,
    handleProtocols: (protocols) => (protocols.has(BRIDGE_PROTOCOL) ? BRIDGE_PROTOCOL : false),
  });

  server.on('upgrade', (req, socket, head) => {
    const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    const given = offered.find((p) => p.startsWith('token.'))?.slice('token.'.length) ?? '';
    const path = new URL(req.url ?? '/', origin).pathname;
    const allowed =
      path === '/api' &&
      allowedHosts.has(req.headers.host ?? '') &&
      allowedHosts.has((req.headers.origin ?? '').replace(/^http:\/\//, '')) &&
      sameToken(given, token);
    if (!allowed) {
      log(`bridge: refused a WebSocket from origin ${req.headers.origin ?? '(none)'}`);
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  const clients = new Set<WebSocket>();
  const unsubscribe = options.subscribe((event) => {
    const text = JSON.stringify({ event });
    for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(text);
  });

  wss.on('connection', (ws: WebSocket) => {
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
    ws.on('message', (data, isBinary) => {
      if (isBinary || !Buffer.isBuffer(data)) return;
      let message: { id?: unknown; method?: unknown; input?: unknown };
      try {
        message = JSON.parse(data.toString('utf8')) as typeof message;
      } catch {
        return;
      }
      if (typeof message.id !== 'number' || typeof message.method !== 'string') return;
      const id = message.id;
      void dispatch(options.handlers, message.method, message.input, (method, error) =>
        log(`bridge: ${method} failed: ${error instanceof Error ? error.stack : String(error)}`),
      ).then((result) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, result }));
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${HOST}:${port}`;
  allowedHosts.add(`${HOST}:${port}`);
  allowedHosts.add(`localhost:${port}`);

  return {
    port,
    origin,
    url: `${origin}/#token=${token}`,
    close: async () => {
      unsubscribe();
      for (const ws of clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

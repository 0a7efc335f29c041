import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import { fail } from '../../shared/ipc/Result';
import type { Handlers } from '../ipc/Handlers';
import { dispatch } from '../ipc/dispatch';

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

/**
 * The decoded path of a request target, or undefined when it is not one this bridge could serve:
 * not origin-form (`//host`, `*`, an absolute URL), malformed percent-encoding, a NUL byte. Parsed
 * here, inside the checks, because a parse error thrown in a handler would end the process.
 */
export const requestPath = (target: string | undefined): string | undefined => {
  if (target === undefined || !target.startsWith('/') || target.startsWith('//')) return undefined;
  const raw = target.split(/[?#]/, 1)[0] ?? '';
  try {
    const path = decodeURIComponent(raw);
    return path.includes('\0') ? undefined : path;
  } catch {
    return undefined;
  }
};

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
  // A WebSocket that offers no token at all gives '': an empty token would let it in.
  if (token === '') throw new RangeError('the bridge token is empty');
  const log = options.log ?? (() => undefined);
  const root = normalize(options.staticDir);
  let origin = '';
  const allowedHosts = new Set<string>();

  const serveStatic = async (
    path: string,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> => {
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
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      if (!res.headersSent) res.writeHead(404).end();
    }
  };

  /** The status refusing a request, or undefined when it may be served. */
  const refusal = (req: IncomingMessage): { status: number; path?: never } | { path: string } => {
    if (!allowedHosts.has(req.headers.host ?? '')) return { status: 403 };
    if (req.method !== 'GET' && req.method !== 'HEAD') return { status: 403 };
    // The renderer never sends a body with GET: refusing one bounds what a request can make us read.
    const length = req.headers['content-length'];
    if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined)
      return { status: 413 };
    const path = requestPath(req.url);
    return path === undefined ? { status: 400 } : { path };
  };

  const server = createServer((req, res) => {
    try {
      const verdict = refusal(req);
      if (verdict.path === undefined) {
        res.writeHead(verdict.status, { connection: 'close' }).end();
        return;
      }
      void serveStatic(verdict.path, req, res);
    } catch (error) {
      log(`bridge: request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  // A malformed request (bad header, oversized header): answer 400 and drop that socket only.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: (protocols) => (protocols.has(BRIDGE_PROTOCOL) ? BRIDGE_PROTOCOL : false),
  });

  server.on('upgrade', (req, socket, head) => {
    // After 'upgrade' the socket is ours: without this, a reset by the peer would end the process.
    socket.on('error', () => socket.destroy());
    try {
      const offered = String(req.headers['sec-websocket-protocol'] ?? '')
        .split(',')
        .map((p) => p.trim());
      const given = offered.find((p) => p.startsWith('token.'))?.slice('token.'.length) ?? '';
      const allowed =
        allowedHosts.has(req.headers.host ?? '') &&
        requestPath(req.url) === '/api' &&
        allowedHosts.has((req.headers.origin ?? '').replace(/^http:\/\//, '')) &&
        sameToken(given, token);
      if (!allowed) {
        log(
          `bridge: refused a WebSocket from origin ${JSON.stringify(req.headers.origin ?? '(none)').slice(0, 200)}`,
        );
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    } catch (error) {
      log(`bridge: upgrade failed: ${error instanceof Error ? error.message : String(error)}`);
      socket.destroy();
    }
  });

  const clients = new Set<WebSocket>();
  const unsubscribe = options.subscribe((event) => {
    const text = JSON.stringify({ event });
    for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(text);
  });

  wss.on('connection', (ws: WebSocket) => {
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
    // A message over maxPayload or a broken frame: ws closes this socket (1009, 1002...) and
    // reports it here; without a listener the 'error' event would end the process.
    ws.on('error', (error) => {
      log(`bridge: WebSocket closed: ${error.message}`);
      clients.delete(ws);
    });
    const reply = (message: unknown): void => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    ws.on('message', (data, isBinary) => {
      const call = readCall(data, isBinary);
      if (call.kind === 'unusable') {
        // No id to answer: the client cannot match it, but the sender learns why nothing came.
        reply({ error: { code: 'invalid-input', message: call.why } });
        return;
      }
      if (call.kind === 'bad-call') {
        reply({ id: call.id, result: fail('invalid-input', call.why) });
        return;
      }
      const { id } = call;
      void dispatch(options.handlers, call.method, call.input, (method, error) =>
        log(`bridge: ${method} failed: ${error instanceof Error ? error.stack : String(error)}`),
      ).then((result) => reply({ id, result }));
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

type ReadCall =
  | { readonly kind: 'call'; readonly id: number; readonly method: string; readonly input: unknown }
  | { readonly kind: 'bad-call'; readonly id: number; readonly why: string }
  | { readonly kind: 'unusable'; readonly why: string };

/** One WebSocket message as a contract call, or why it is not one. */
export const readCall = (data: unknown, isBinary: boolean): ReadCall => {
  if (isBinary || !Buffer.isBuffer(data)) return { kind: 'unusable', why: 'binary message' };
  let message: unknown;
  try {
    message = JSON.parse(data.toString('utf8'));
  } catch {
    return { kind: 'unusable', why: 'not JSON' };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message))
    return { kind: 'unusable', why: 'not a call object' };
  const { id, method, input } = message as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id))
    return { kind: 'unusable', why: 'no numeric id' };
  if (typeof method !== 'string') return { kind: 'bad-call', id, why: 'no method' };
  return { kind: 'call', id, method, input };
};

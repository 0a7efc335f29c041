import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { requestPath } from './requestPath';

const sameToken = (given: string, token: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Who the bridge lets in. Another local page cannot drive it: the Host header must name this
 * bridge (DNS rebinding), the WebSocket's Origin must be this bridge, and the per-run token must
 * be offered as a sub-protocol. Its address is known once the server listens (`opened`).
 */
export class BridgeGate {
  private readonly allowedHosts = new Set<string>();
  origin = '';

  constructor(private readonly token: string) {}

  opened(host: string, port: number): void {
    this.origin = `http://${host}:${port}`;
    this.allowedHosts.add(`${host}:${port}`);
    this.allowedHosts.add(`localhost:${port}`);
  }

  /** The status refusing a request, or the path it may be served. */
  refusal(req: IncomingMessage): { status: number; path?: never } | { path: string } {
    if (!this.allowedHosts.has(req.headers.host ?? '')) return { status: 403 };
    if (req.method !== 'GET' && req.method !== 'HEAD') return { status: 403 };
    // The renderer never sends a body with GET: refusing one bounds what a request can make us read.
    const length = req.headers['content-length'];
    if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined)
      return { status: 413 };
    const path = requestPath(req.url);
    return path === undefined ? { status: 400 } : { path };
  }

  /** Whether a WebSocket upgrade comes from this bridge's page, with this run's token. */
  admitsUpgrade(req: IncomingMessage): boolean {
    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim());
    const given = offered.find((p) => p.startsWith('token.'))?.slice('token.'.length) ?? '';
    return (
      this.allowedHosts.has(req.headers.host ?? '') &&
      requestPath(req.url) === '/api' &&
      this.allowedHosts.has((req.headers.origin ?? '').replace(/^http:\/\//, '')) &&
      sameToken(given, this.token)
    );
  }
}

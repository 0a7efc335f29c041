import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  FaultRuleBook,
  s3ErrorXml,
  type FaultAction,
  type FaultRule,
  type MatchableRequest,
  type RequestMatcher,
  type RuleHandle,
  matchesRequest,
} from './faultRules';

export { fault, s3Request } from './faultRules';
export type { FaultAction, FaultRule, RequestMatcher, RuleHandle } from './faultRules';

/** One request as the proxy received it (for counting what the endpoint got: amplification). */
export type ProxyLogEntry = {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  /** Epoch ms the request's headers arrived. */
  readonly time: number;
  /** Status sent to the client; absent when the client got no answer (reset, lost reply). */
  readonly status?: number;
  /** Request body bytes the proxy received. */
  readonly bytesIn: number;
  /** The fault applied, if any. */
  readonly fault?: FaultAction['kind'];
  /** Set when the exchange ended (answered, reset or abandoned by the client). */
  readonly endedAt?: number;
};

/** The proxy fills its entries in as the exchange goes on. */
type LiveEntry = { -readonly [K in keyof ProxyLogEntry]: ProxyLogEntry[K] };

export type FaultProxy = {
  /** `http://127.0.0.1:PORT`: give it to clients as their endpoint; they sign for this host. */
  readonly endpoint: string;
  readonly port: number;
  addRule(rule: FaultRule): RuleHandle;
  clearRules(): void;
  /** Every request received so far, in arrival order. */
  log(): readonly ProxyLogEntry[];
  /** Requests received that match (e.g. `s3Request.uploadPart`). */
  count(matcher?: RequestMatcher): number;
  /** Every request body chunk as it arrived (epoch ms, bytes): what the link carried, when. */
  bodyChunks(): readonly { readonly at: number; readonly bytes: number }[];
  clearLog(): void;
  /**
   * Endpoint unreachable: `refuse` stops listening (clients get ECONNREFUSED), `reset` accepts and
   * resets every new connection (ECONNRESET). Open connections are reset either way.
   */
  setDown(down: boolean, mode?: 'refuse' | 'reset'): Promise<void>;
  /** Reset every open client connection now (a cut of the link). */
  resetAllConnections(): void;
  close(): Promise<void>;
};

export type FaultProxyOptions = {
  /** The server behind the proxy, `http://host:port`. */
  readonly target: string;
};

/**
 * A reverse proxy on 127.0.0.1:0 that passes the Host header through unchanged, so a client signing
 * SigV4 for the proxy's address is verified by the server behind it, and applies scripted faults.
 */
export const startFaultProxy = async (options: FaultProxyOptions): Promise<FaultProxy> => {
  const target = new URL(options.target);
  const agent = new Agent({ keepAlive: true });
  const book = new FaultRuleBook();
  const entries: LiveEntry[] = [];
  const chunks: { at: number; bytes: number }[] = [];
  const sockets = new Set<Socket>();
  let down: 'no' | 'refuse' | 'reset' = 'no';
  const timers = new Set<NodeJS.Timeout>();

  const later = (ms: number, run: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const handle = (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean): void => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const matchable: MatchableRequest = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      query: url.searchParams,
    };
    const entry: LiveEntry = {
      method: matchable.method,
      path: matchable.path,
      query: url.search,
      time: Date.now(),
      bytesIn: 0,
    };
    entries.push(entry);
    req.on('data', (chunk: Buffer) => {
      entry.bytesIn += chunk.length;
      chunks.push({ at: Date.now(), bytes: chunk.length });
    });
    res.on('finish', () => {
      entry.status = res.statusCode;
      entry.endedAt = Date.now();
    });
    res.on('close', () => (entry.endedAt ??= Date.now()));

    const action = book.decide(matchable);
    if (action !== undefined) entry.fault = action.kind;
    const letBodyCome = (): void => {
      if (expectsContinue) res.writeContinue();
    };

    switch (action?.kind) {
      case undefined:
        letBodyCome();
        forward(req, res, {});
        return;
      case 'reset':
        req.socket.resetAndDestroy();
        return;
      case 'resetAfterBodyBytes':
        letBodyCome();
        forward(req, res, { cutAfter: action.bytes });
        return;
      case 'status':
        letBodyCome();
        req.on('end', () => answerError(req, res, action));
        req.resume();
        return;
      case 'stall':
        req.pause();
        later(action.ms, () => {
          if (req.socket.destroyed) return;
          letBodyCome();
          forward(req, res, {});
        });
        return;
      case 'loseReply':
        letBodyCome();
        forward(req, res, { loseReply: true });
        return;
      case 'delay':
        letBodyCome();
        forward(req, res, { holdReplyMs: action.ms });
        return;
      case 'dropHeader':
        letBodyCome();
        forward(req, res, { dropHeader: action.header.toLowerCase() });
        return;
      case 'answer':
        letBodyCome();
        req.on('end', () => {
          const body = typeof action.body === 'string' ? action.body : action.body(matchable);
          res.writeHead(action.status, {
            'content-type': action.contentType ?? 'application/xml',
            'content-length': String(Buffer.byteLength(body)),
            date: new Date().toUTCString(),
            'x-amz-request-id': 'depot-fault-proxy',
          });
          res.end(req.method === 'HEAD' ? undefined : body);
        });
        req.resume();
        return;
      case 'rewriteBody':
        letBodyCome();
        forward(req, res, { rewrite: action.rewrite });
        return;
    }
  };

  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    how: {
      cutAfter?: number;
      loseReply?: boolean;
      holdReplyMs?: number;
      dropHeader?: string;
      rewrite?: (body: string) => string;
    },
  ): void => {
    const headers = { ...req.headers };
    // The proxy already answered 100-continue (or not) for the client.
    delete headers.expect;
    const upstream = httpRequest({
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers,
      agent,
    });
    let answered = false;
    const abandon = (): void => {
      upstream.destroy();
      if (!req.socket.destroyed) req.socket.resetAndDestroy();
    };
    upstream.on('error', () => {
      if (!answered && !res.headersSent && !req.socket.destroyed) {
        res.writeHead(502, { 'content-type': 'text/plain' }).end('fault proxy: upstream error');
      } else if (!req.socket.destroyed) req.socket.resetAndDestroy();
    });
    // The client left before the exchange ended: the server must not keep waiting for the body.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.on('response', (upRes) => {
      answered = true;
      if (how.loseReply) {
        upRes.resume();
        upRes.on('end', () => req.socket.resetAndDestroy());
        return;
      }
      const reply = (): void => {
        if (req.socket.destroyed) {
          upRes.resume();
          return;
        }
        const raw = upRes.rawHeaders;
        const kept =
          how.dropHeader === undefined
            ? raw
            : raw.flatMap((v, i) =>
                i % 2 === 0 && v.toLowerCase() !== how.dropHeader ? [v, raw[i + 1] ?? ''] : [],
              );
        const rewrite = how.rewrite;
        if (rewrite === undefined) {
          res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, kept);
          upRes.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        upRes.on('data', (c: Buffer) => chunks.push(c));
        upRes.on('end', () => {
          const body = Buffer.from(rewrite(Buffer.concat(chunks).toString('utf8')));
          const headers = kept.flatMap((v, i) =>
            i % 2 === 0 && v.toLowerCase() !== 'content-length' ? [v, kept[i + 1] ?? ''] : [],
          );
          res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, [
            ...headers,
            'content-length',
            String(body.length),
          ]);
          res.end(body);
        });
      };
      if (how.holdReplyMs === undefined) reply();
      else later(how.holdReplyMs, reply);
    });

    if (how.cutAfter === undefined) {
      req.pipe(upstream);
      return;
    }
    const limit = how.cutAfter;
    let sent = 0;
    req.on('data', (chunk: Buffer) => {
      const room = limit - sent;
      if (chunk.length < room) {
        sent += chunk.length;
        if (!upstream.write(chunk)) {
          req.pause();
          upstream.once('drain', () => req.resume());
        }
        return;
      }
      req.pause();
      upstream.write(chunk.subarray(0, room), () => abandon());
      sent = limit;
    });
    req.on('end', () => upstream.end());
  };

  const answerError = (
    req: IncomingMessage,
    res: ServerResponse,
    a: Extract<FaultAction, { kind: 'status' }>,
  ): void => {
    const body =
      req.method === 'HEAD'
        ? ''
        : s3ErrorXml(a.code, a.message ?? `${a.code} (fault proxy)`, req.url ?? '/');
    const headers: Record<string, string> = {
      'content-type': 'application/xml',
      'content-length': String(Buffer.byteLength(body)),
      date: new Date().toUTCString(),
      'x-amz-request-id': 'depot-fault-proxy',
    };
    if (a.retryAfter !== undefined) headers['retry-after'] = a.retryAfter;
    if (a.amzRetryAfterMs !== undefined) headers['x-amz-retry-after'] = String(a.amzRetryAfterMs);
    res.writeHead(a.status, headers);
    res.end(body);
  };

  const server = createServer({ keepAlive: true });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => handle(req, res, false));
  // Decide before the client sends its body: a `reset` must come before any reply, even a 100.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => handle(req, res, true));
  server.on('connection', (socket: Socket) => {
    if (down === 'reset') {
      socket.resetAndDestroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket: Socket) => socket.destroy());

  const listen = (port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const stopListening = (): Promise<void> =>
    new Promise((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  const port = await listen(0);

  const resetAllConnections = (): void => {
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
  };

  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    addRule: (rule) => book.add(rule),
    clearRules: () => book.clear(),
    log: () => entries,
    count: (matcher = {}) =>
      entries.filter((e) =>
        matchesRequest(matcher, {
          method: e.method,
          path: e.path,
          query: new URLSearchParams(e.query),
        }),
      ).length,
    bodyChunks: () => chunks,
    clearLog: () => {
      entries.length = 0;
      chunks.length = 0;
    },
    setDown: async (isDown, mode = 'refuse') => {
      if (!isDown) {
        const wasRefusing = down === 'refuse';
        down = 'no';
        if (wasRefusing) await listen(port);
        return;
      }
      if (down === 'refuse' && mode === 'refuse') return;
      const wasRefusing = down === 'refuse';
      down = mode;
      resetAllConnections();
      if (mode === 'refuse') {
        // close() waits for open connections, which were just reset.
        await stopListening();
      } else if (wasRefusing) {
        await listen(port);
      }
    },
    resetAllConnections,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      resetAllConnections();
      await stopListening();
      agent.destroy();
    },
  };
};

/**
 * Whether a request carrying payload (a PUT with body bytes) has reached the proxy since this
 * call: what a test waits for before it kills or cuts a run mid-body.
 */
export const payloadArrivedSince = (proxy: FaultProxy): (() => boolean) => {
  const before = proxy.log().length;
  return () =>
    proxy
      .log()
      .slice(before)
      .some((e) => e.method === 'PUT' && e.bytesIn > 0);
};

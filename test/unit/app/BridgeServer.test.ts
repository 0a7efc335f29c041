import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { DepotEvent } from '../../../shared/ipc/DepotEvent';
import {
  BRIDGE_PROTOCOL,
  MAX_MESSAGE_BYTES,
  startBridge,
} from '../../../electron/bridge/BridgeServer';
import type { Bridge } from '../../../electron/bridge/BridgeServer';
import type { Handlers } from '../../../electron/ipc/Handlers';

const TOKEN = 'test-token-0123456789';
const unused = (): Promise<never> => Promise.reject(new Error('not called'));
const handlers: Handlers = {
  'app.info': () => Promise.resolve({ version: '9.9.9', mode: 'bridge' }),
  'plans.list': () => Promise.resolve([]),
  'plans.get': unused,
  'plans.create': unused,
  'plans.pause': unused,
  'plans.resume': unused,
  'plans.archive': unused,
  'plans.forget': unused,
  'plans.previewDestination': unused,
  'plans.previewNames': unused,
  'plans.ownObjects': unused,
  'plans.previewCorrection': unused,
  'plans.correct': unused,
  'plans.removeFromServer': unused,
  'plans.removals': unused,
  'plans.card': unused,
  'units.conflict': unused,
  'units.settle': unused,
  'units.list': unused,
  'units.failures': unused,
  'units.retryFailures': unused,
  'settings.get': unused,
  'settings.set': unused,
  'settings.testConnection': unused,
  'programme.import': unused,
  'programme.remove': unused,
  'diagnostics.counters': unused,
  'diagnostics.journal': unused,
  'diagnostics.export': unused,
  'dialog.chooseFolder': unused,
  'dialog.chooseProgramme': unused,
  'preflight.run': unused,
  'portal.get': unused,
  'portal.openSignIn': unused,
  'portal.signIn': unused,
  'portal.signOut': unused,
  'portal.participations': unused,
  'portal.createParticipation': unused,
  'portal.night': unused,
  'portal.startAnalysis': unused,
};

let dir: string;
let bridge: Bridge;
const listeners = new Set<(event: DepotEvent) => void>();

const get = (
  path: string,
  host?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> =>
  new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: bridge.port, path, headers: host === undefined ? {} : { host } },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });

const connect = (token: string, origin: string): Promise<WebSocket> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(
      `ws://127.0.0.1:${bridge.port}/api`,
      [BRIDGE_PROTOCOL, `token.${token}`],
      {
        origin,
      },
    );
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });

/** Sends raw bytes on a fresh TCP connection and gives back the status line of the answer. */
const raw = (text: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = tcpConnect(bridge.port, '127.0.0.1', () => socket.write(text));
    let got = '';
    socket.on('data', (chunk: Buffer) => (got += chunk.toString('latin1')));
    socket.on('close', () => resolve(got.split('\r\n', 1)[0] ?? ''));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy());
  });

const next = (ws: WebSocket): Promise<unknown> =>
  new Promise((resolve) =>
    ws.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()))),
  );

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'depot-bridge-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Depot</title>');
  await writeFile(join(tmpdir(), 'depot-bridge-outside.txt'), 'outside');
  bridge = await startBridge({
    handlers,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    staticDir: dir,
    token: TOKEN,
  });
});

afterAll(async () => {
  await bridge.close();
  await rm(dir, { recursive: true, force: true });
  await rm(join(tmpdir(), 'depot-bridge-outside.txt'), { force: true });
});

describe('bridge server', () => {
  it('listens on 127.0.0.1 and gives the token in the fragment only', () => {
    expect(bridge.url).toBe(`http://127.0.0.1:${bridge.port}/#token=${TOKEN}`);
  });

  it('serves the renderer with a strict CSP', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>Depot</title>');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('refuses another Host (DNS rebinding) and paths outside the bundle', async () => {
    expect((await get('/', 'evil.example:80')).status).toBe(403);
    expect((await get('/%2e%2e/depot-bridge-outside.txt')).status).toBe(404);
    expect((await get('/missing.js')).status).toBe(404);
  });

  it('refuses a WebSocket without the token or from another origin', async () => {
    await expect(connect('wrong-token-0123456789', bridge.origin)).rejects.toThrow();
    await expect(connect(TOKEN, 'http://evil.example')).rejects.toThrow();
  });

  it('answers contract calls and pushes events to connected pages', async () => {
    const ws = await connect(TOKEN, bridge.origin);
    ws.send(JSON.stringify({ id: 7, method: 'app.info' }));
    expect(await next(ws)).toEqual({
      id: 7,
      result: { ok: true, value: { version: '9.9.9', mode: 'bridge' } },
    });
    ws.send(JSON.stringify({ id: 8, method: 'plans.get', input: { planId: '' } }));
    expect(await next(ws)).toMatchObject({
      id: 8,
      result: { ok: false, error: { code: 'invalid-input' } },
    });
    const event = next(ws);
    for (const listener of listeners) listener({ type: 'network', online: false });
    expect(await event).toEqual({ event: { type: 'network', online: false } });
    ws.close();
  });

  it('answers malformed targets with 400 and keeps serving (issue 12)', async () => {
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get('//')).status).toBe(400);
    expect((await get('/a%00b')).status).toBe(400);
    expect(await raw('GET * HTTP/1.1\r\nHost: 127.0.0.1:' + bridge.port + '\r\n\r\n')).toBe(
      'HTTP/1.1 400 Bad Request',
    );
    expect(await raw('GET http://evil.example/ HTTP/1.1\r\nHost: evil\r\n\r\n')).toBe(
      'HTTP/1.1 403 Forbidden',
    );
    expect(await raw('NOT HTTP AT ALL\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request');
    expect((await get('/')).status).toBe(200);
  });

  it('refuses a request body with 413', async () => {
    const status = await raw(
      `GET / HTTP/1.1\r\nHost: 127.0.0.1:${bridge.port}\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello`,
    );
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
  });

  it('refuses an upgrade to // with a foreign Host, and survives it', async () => {
    const status = await raw(
      'GET // HTTP/1.1\r\nHost: evil.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(status).toBe('HTTP/1.1 403 Forbidden');
    expect((await get('/')).status).toBe(200);
  });

  it('answers unusable messages with an error and keeps the socket', async () => {
    const ws = await connect(TOKEN, bridge.origin);
    for (const text of ['null', '42', '"x"', '[]', '{', '{"method":"app.info"}']) {
      ws.send(text);
      expect(await next(ws)).toMatchObject({ error: { code: 'invalid-input' } });
    }
    ws.send(JSON.stringify({ id: 3, method: 5 }));
    expect(await next(ws)).toMatchObject({ id: 3, result: { ok: false } });
    ws.send(JSON.stringify({ id: 4, method: 'app.info' }));
    expect(await next(ws)).toMatchObject({ id: 4, result: { ok: true } });
    ws.close();
  });

  it('closes a socket that sends more than the message limit, and serves the next one', async () => {
    const ws = await connect(TOKEN, bridge.origin);
    const closed = new Promise<number>((resolve) =>
      ws.once('close', (code: number) => resolve(code)),
    );
    ws.on('error', () => undefined);
    ws.send('x'.repeat(2 * 1024 * 1024));
    expect(await closed).toBe(1009);
    expect(MAX_MESSAGE_BYTES).toBeLessThan(2 * 1024 * 1024);
    const again = await connect(TOKEN, bridge.origin);
    again.send(JSON.stringify({ id: 1, method: 'app.info' }));
    expect(await next(again)).toMatchObject({ id: 1, result: { ok: true } });
    again.close();
  });
});

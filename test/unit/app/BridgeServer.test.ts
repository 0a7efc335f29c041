import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { DepotEvent } from '../../../shared/ipc/DepotEvent';
import { BRIDGE_PROTOCOL, startBridge } from '../../../electron/bridge/BridgeServer';
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
  'units.list': unused,
  'units.failures': unused,
  'units.retryFailures': unused,
  'settings.get': unused,
  'settings.set': unused,
  'settings.testConnection': unused,
  'diagnostics.counters': unused,
  'diagnostics.journal': unused,
  'diagnostics.export': unused,
  'dialog.chooseFolder': unused,
  'preflight.run': unused,
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
});

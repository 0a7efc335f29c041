import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { methodNames } from '../../shared/ipc/contract';
import { channelOf } from '../../shared/ipc/channels';
import { ensureRendererBuilt } from './support/ensureRendererBuilt';

let rendererJs: string;
let preload: string;

beforeAll(() => {
  const dir = ensureRendererBuilt();
  const assets = join(dir, 'assets');
  rendererJs = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .join('\n');
  const build = spawnSync(
    'npx',
    ['vite', 'build', '-c', 'vite.electron.config.ts', '--mode', 'preload', '--logLevel', 'warn'],
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  expect(build.status).toBe(0);
  preload = readFileSync('dist-electron/preload.cjs', 'utf8');
});

describe('the renderer bundle', () => {
  it('imports nothing of Node or Electron', () => {
    expect(rendererJs.length).toBeGreaterThan(10_000);
    expect(rendererJs).not.toMatch(/\brequire\s*\(/);
    expect(rendererJs).not.toMatch(/from\s*["'](node:|electron|fs|path|child_process)/);
    expect(rendererJs).not.toMatch(/import\s*\(\s*["'](node:|electron)/);
    for (const word of [
      'ipcRenderer',
      'better-sqlite3',
      '@aws-sdk',
      'child_process',
      'process.versions',
    ]) {
      expect(rendererJs).not.toContain(word);
    }
  });

  it('has no inline script, so the strict CSP holds', () => {
    const html = readFileSync('dist/renderer/index.html', 'utf8');
    expect(html).toContain("script-src 'self'");
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});

describe('the preload', () => {
  it('requires nothing but electron', () => {
    const required = [...preload.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
  });

  it('exposes the contract and nothing else, never ipcRenderer itself', async () => {
    const exposed: { name: string; api: unknown }[] = [];
    const invoked: { channel: string; input: unknown }[] = [];
    const fakeElectron = {
      contextBridge: {
        exposeInMainWorld: (name: string, api: unknown) => exposed.push({ name, api }),
      },
      ipcRenderer: {
        invoke: (channel: string, input: unknown) => {
          invoked.push({ channel, input });
          return Promise.resolve({ ok: true, value: null });
        },
        on: () => undefined,
        removeListener: () => undefined,
      },
    };
    const module = { exports: {} };
    // Runs the built file as Electron would, with a stand-in `electron` module.
    runInNewContext(preload, {
      require: (id: string) => {
        if (id !== 'electron') throw new Error(`preload required ${id}`);
        return fakeElectron;
      },
      module,
      exports: module.exports,
    });
    // The contract, and the one function a dropped folder needs (webUtils answers in the preload only).
    expect(exposed.map((e) => e.name)).toEqual(['depot', 'depotFiles']);
    const files = exposed[1]?.api as Record<string, unknown>;
    expect(Object.entries(files).map(([k, v]) => `${k}:${typeof v}`)).toEqual([
      'pathForFile:function',
    ]);
    const api = exposed[0]?.api as Record<string, Record<string, unknown>>;

    const shape = Object.entries(api).flatMap(([domain, fns]) =>
      Object.entries(fns).map(([verb, fn]) => `${domain}.${verb}:${typeof fn}`),
    );
    expect(shape.sort()).toEqual(
      [...methodNames, 'events.subscribe'].map((name) => `${name}:function`).sort(),
    );
    expect(JSON.stringify(Object.keys(api))).not.toContain('ipcRenderer');

    // Each function reaches its own channel with the input as given.
    const plans = api['plans'] as Record<string, (input?: unknown) => Promise<unknown>>;
    await plans['pause']?.({ planId: '4' });
    expect(invoked).toEqual([{ channel: channelOf('plans.pause'), input: { planId: '4' } }]);
  });
});

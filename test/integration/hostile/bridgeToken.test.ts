import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/runDepot';

type Exit = { readonly code: number | null; readonly stdout: string; readonly stderr: string };

/** `npm run bridge`'s process, as a volunteer's shell starts it; SIGTERM once it printed its address. */
const runBridge = (args: readonly string[], env: NodeJS.ProcessEnv): Promise<Exit> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'electron/bridge/runBridge.ts', '--json', ...args],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes('\n')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // A hang only: the bridge starts in a few seconds.
    const hang = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(hang);
      resolve({ code, stdout, stderr });
    });
  });

/** Issue 30, item 18: an empty DEPOT_BRIDGE_TOKEN was taken as the bridge's token. */
describe('the bridge refuses a token it cannot use, at start, in one line', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'depot-bridge-token-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const env = (token: string | undefined): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = { ...process.env, NODE_NO_WARNINGS: '1' };
    if (token === undefined) delete e['DEPOT_BRIDGE_TOKEN'];
    else e['DEPOT_BRIDGE_TOKEN'] = token;
    return e;
  };

  for (const [name, token, said] of [
    ['an empty DEPOT_BRIDGE_TOKEN', '', /^depot bridge: DEPOT_BRIDGE_TOKEN is empty: /],
    ['a short one', 'abc', /^depot bridge: DEPOT_BRIDGE_TOKEN is 3 characters long/],
  ] as const) {
    it(`${name}: exit 2, one line, nothing opened`, async () => {
      const data = join(work, `data-${token.length}`);
      const r = await runBridge(['--data', data], env(token));
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(said);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(existsSync(data)).toBe(false);
    });
  }

  it('an empty --token likewise', async () => {
    const r = await runBridge(['--data', join(work, 'flag'), '--token', ''], env(undefined));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^depot bridge: --token is empty: /);
  });

  it('a usable DEPOT_BRIDGE_TOKEN is the one in the address', async () => {
    const token = 'volunteer-chosen-token-42';
    const r = await runBridge(['--data', join(work, 'ok')], env(token));
    expect(r.stderr).not.toMatch(/token/);
    expect((JSON.parse(r.stdout.split('\n')[0] ?? '') as { url: string }).url).toMatch(
      new RegExp(`/#token=${token}$`),
    );
  });
});

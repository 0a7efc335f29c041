import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { synthNight } from '../../../electron/field/synthNight';
import { startFaultProxy } from '../../support/faultProxy';
import type { FaultProxy } from '../../support/faultProxy';
import { testBucket } from '../../support/testBucket';
import type { TestBucket } from '../../support/testBucket';
import { startBridgeProcess } from './BridgeProcess';
import type { BridgeProcess } from './BridgeProcess';
import { DepotPage } from './DepotPage';
import { ensureRendererBuilt } from './ensureRendererBuilt';

export type DepositFixture = {
  readonly bucket: TestBucket;
  /** The endpoint Depot talks to: the real server behind the fault proxy. */
  readonly proxy: FaultProxy;
  readonly nightDir: string;
  /** Recording names, sorted. */
  readonly files: readonly string[];
  readonly totalBytes: number;
  readonly dataDir: string;
  readonly token: string;
  bridge: BridgeProcess;
  readonly context: BrowserContext;
  readonly depot: DepotPage;
  /** Kills the backend (SIGKILL) and starts it again on the same port, data and token. */
  restartBackend(): Promise<void>;
  /**
   * Kills the backend and starts it with another session key, on the same port or a new one: the
   * addresses an open tab or a bookmark hold are then old.
   */
  restartBackendAs(options: { readonly samePort: boolean; readonly token: string }): Promise<void>;
  close(): Promise<void>;
};

export type NightShape = {
  readonly label: string;
  readonly files: number;
  readonly sizes: 'small' | 'large' | 'realistic';
  readonly totalBytes?: number;
  readonly seed: number;
};

/** Entered on the Settings screen beside the bucket's endpoint and keys. */
export type DepositSettings = {
  readonly concurrency?: number;
  readonly bwlimitMBps?: number;
  /** Leave Settings empty: the test configures Depot itself (a programme's profile). */
  readonly unconfigured?: boolean;
};

/**
 * A fresh world per test: its own bucket on the real server, its own fault proxy, its own data
 * directory (SQLite file, settings, credentials), its own night, its own backend process and
 * browser context. Storage is configured through the Settings screen, as a volunteer would.
 */
export const setUpDeposit = async (
  browser: Browser,
  night: NightShape,
  settings: DepositSettings = {},
): Promise<DepositFixture> => {
  const staticDir = ensureRendererBuilt();
  const root = await mkdtemp(join(tmpdir(), `depot-e2e-${night.label}-`));
  const nightDir = join(root, 'night');
  const dataDir = join(root, 'data');
  const made = await synthNight(nightDir, {
    files: night.files,
    sizes: night.sizes,
    seed: night.seed,
    ...(night.totalBytes === undefined ? {} : { totalBytes: night.totalBytes }),
  });
  const files = (await readdir(nightDir)).filter((f) => f.endsWith('.wav')).sort();
  const bucket = await testBucket(night.label);
  const proxy = await startFaultProxy({ target: bucket.endpoint });
  const token = `e2e-${night.label}-${Math.random().toString(36).slice(2)}`;
  const bridge = await startBridgeProcess({ dataDir, staticDir, token });
  const context = await browser.newContext({ acceptDownloads: true, locale: 'fr-FR' });
  const page = await context.newPage();
  const depot = new DepotPage(page);
  await depot.open(bridge.url);
  if (settings.unconfigured !== true)
    await depot.configure({
      endpoint: proxy.endpoint,
      region: bucket.region,
      bucket: bucket.bucket,
      accessKeyId: bucket.accessKeyId,
      secretAccessKey: bucket.secretAccessKey,
      ...settings,
    });
  const fixture: DepositFixture = {
    bucket,
    proxy,
    nightDir,
    files,
    totalBytes: made.bytes,
    dataDir,
    token,
    bridge,
    context,
    depot,
    async restartBackend() {
      const port = fixture.bridge.port;
      await fixture.bridge.kill();
      fixture.bridge = await startBridgeProcess({ dataDir, staticDir, token, port });
    },
    async restartBackendAs({ samePort, token: newToken }) {
      const port = fixture.bridge.port;
      await fixture.bridge.kill();
      fixture.bridge = await startBridgeProcess({
        dataDir,
        staticDir,
        token: newToken,
        ...(samePort ? { port } : {}),
      });
    },
    async close() {
      await context.close();
      await fixture.bridge.stop();
      await proxy.close();
      await bucket.remove();
      await rm(root, { recursive: true, force: true });
    },
  };
  return fixture;
};

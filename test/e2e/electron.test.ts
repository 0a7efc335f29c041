import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { _electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { methodNames } from '../../shared/ipc/contract';

// The Electron binary is fetched from the internet on first run; these machines cannot reach it,
// so `node_modules/electron/dist` is absent here and this smoke test says so instead of passing.
const ELECTRON_DIST = 'node_modules/electron/dist';
const hasElectron = existsSync(ELECTRON_DIST);
const reason = `Electron binary absent (${ELECTRON_DIST} missing: it cannot be downloaded on this machine); the renderer and the contract are tested through the bridge instead`;

if (!hasElectron) process.stderr.write(`Electron smoke test skipped: ${reason}\n`);

describe('Electron shell (smoke)', () => {
  // Skipped where the binary is absent, with the reason in the test's name so the report says it.
  it.skipIf(!hasElectron)(
    `opens the window with the sandboxed preload and the contract${hasElectron ? '' : ` (skipped: ${reason})`}`,
    async () => {
      const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
      expect(build.status).toBe(0);
      const app = await _electron.launch({ args: ['dist-electron/main.cjs'] });
      try {
        const window = await app.firstWindow();
        await window.locator('nav').waitFor();
        expect(await window.title()).toBe('Depot');
        const exposed = await window.evaluate(() => {
          const api = (window as unknown as { depot: Record<string, Record<string, unknown>> })
            .depot;
          return {
            names: Object.entries(api).flatMap(([d, fns]) =>
              Object.keys(fns).map((v) => `${d}.${v}`),
            ),
            // Sandboxed, no Node integration: neither require nor process reach the page.
            node: `${typeof (globalThis as { require?: unknown }).require}/${typeof (globalThis as { process?: unknown }).process}`,
          };
        });
        expect(exposed.node).toBe('undefined/undefined');
        expect(exposed.names.sort()).toEqual([...methodNames, 'events.subscribe'].sort());
      } finally {
        await app.close();
      }
    },
  );
});

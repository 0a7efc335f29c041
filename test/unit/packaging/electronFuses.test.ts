import { fileURLToPath } from 'node:url';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('electron-builder configuration (issue 12)', () => {
  // Loading electron-builder's schema takes seconds on a busy machine: not a speed test.
  it(
    'flips the fuses that would let anyone run code as the packaged app',
    { timeout: 60_000 },
    async () => {
      // electron-builder's own loader and schema: a misspelt fuse would fail validation here.
      const config = await getConfig(root, 'electron-builder.yml', null);
      await validateConfiguration(config, { isEnabled: false, add: () => undefined } as never);
      expect(config.asar).not.toBe(false);
      expect(config.electronFuses).toMatchObject({
        runAsNode: false,
        enableNodeOptionsEnvironmentVariable: false,
        enableNodeCliInspectArguments: false,
        onlyLoadAppFromAsar: true,
        enableEmbeddedAsarIntegrityValidation: true,
      });
    },
  );
});

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RENDERER_DIR = 'dist/renderer';
const STAMP = join(RENDERER_DIR, '.sources-sha256');

const sourcesHash = (): string => {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  walk('renderer');
  walk('shared');
  hash.update(readFileSync('vite.renderer.config.ts'));
  return hash.digest('hex');
};

/**
 * Builds the renderer once per run: every e2e file calls this, only the first one (or a change
 * of the sources) pays for the build.
 */
export const ensureRendererBuilt = (): string => {
  const wanted = sourcesHash();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === wanted) return RENDERER_DIR;
  const build = spawnSync(
    'npx',
    ['vite', 'build', '-c', 'vite.renderer.config.ts', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
      // vitest sets NODE_ENV=test, which would give React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (build.status !== 0) throw new Error(`renderer build failed (exit ${build.status})`);
  writeFileSync(STAMP, wanted);
  return RENDERER_DIR;
};

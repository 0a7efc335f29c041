import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
};
const dependencies = Object.keys(pkg.dependencies ?? {});
const external = (id: string): boolean =>
  id === 'electron' ||
  id.startsWith('node:') ||
  builtinModules.includes(id) ||
  dependencies.some((d) => id === d || id.startsWith(`${d}/`));

const entries = {
  main: './electron/main/main.ts',
  preload: './electron/preload/preload.ts',
  // The hash worker's thread, beside main.cjs (ADR 0025).
  hashWorkerMain: './electron/hashing/hashWorkerMain.ts',
} as const;

// Main and preload as CommonJS, one build each (`--mode main`, `--mode preload`): a sandboxed
// preload can require nothing but `electron`, so it must be a single self-contained file, and a
// shared build would split common code into a chunk it cannot load. Dependencies stay in
// node_modules (better-sqlite3 is native, rebuilt for Electron by electron-builder).
export default defineConfig(({ mode }) => {
  const name = mode === 'preload' || mode === 'hashWorkerMain' ? mode : 'main';
  return {
    build: {
      outDir: fileURLToPath(new URL('./dist-electron', import.meta.url)),
      emptyOutDir: name === 'main',
      target: 'node20',
      minify: false,
      sourcemap: false,
      lib: {
        entry: { [name]: fileURLToPath(new URL(entries[name], import.meta.url)) },
        formats: ['cjs'],
        fileName: () => `${name}.cjs`,
      },
      rollupOptions: { external },
    },
  };
});

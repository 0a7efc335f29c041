// Bundles the command line (`npm run build:cli`) into dist/cli/depot.mjs so that `bin/depot.js`
// runs plain JavaScript instead of compiling TypeScript through tsx at every start: tsx's loader
// and esbuild service cost ~30 MB of resident memory and half a second (issue 5, peak RSS).
// Packages are bundled too, except better-sqlite3 (native) and electron: Node's loader spent
// ~0.3 s of every start resolving and lexing the SDK's hundreds of CommonJS files one by one
// (`depot help` 0.50 -> 0.25 s; on the lab's link that is payload time lost, issue 5).
// dist/cli/inputs.json lists the sources bundled, so bin/depot.js can tell a stale bundle.
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const outDir = join(root, 'dist/cli');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const result = await build({
  absWorkingDir: root,
  // The hash worker's thread runs from its own file beside the bundle (ADR 0025).
  entryPoints: {
    depot: 'electron/cli/main.ts',
    hashWorkerMain: 'electron/hashing/hashWorkerMain.ts',
  },
  outdir: outDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['better-sqlite3', 'electron'],
  // The SDK's CommonJS modules call require() for Node's built-ins, which an ES module lacks.
  banner: {
    js: "import { createRequire as depotCreateRequire } from 'node:module'; const require = depotCreateRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});
const inputs = Object.keys(result.metafile.inputs).sort();
writeFileSync(join(outDir, 'inputs.json'), `${JSON.stringify(inputs, null, 1)}\n`);
process.stdout.write(`dist/cli/depot.mjs: ${inputs.length} sources bundled\n`);

#!/usr/bin/env -S node --max-semi-space-size=2 --heap-growing-percent=30
// Runs the command line (`npx depot ...`). From the bundle `npm run build:cli` writes when it is
// there and newer than every source it was built from (less memory, faster start); otherwise the
// TypeScript straight from the checkout through tsx, so a fresh checkout needs no build step.
// Node's flags keep the heap near what is live (~18 MB for 10,000 files), issue 5:
// - a 2 MB young generation (V8's default grows to 16 MB per semi-space): 157 -> 100 MB peak
//   RSS for 2,000 files (docs/decisions/0008-default-concurrency.md). Not 1 MB: a small file
//   allocates ~400 KB, and 1 MB took 819 scavenges for 2,000 files against 200 at 4 MB; not 4 MB:
//   8 x 60 MB then peaked at 152 MB, over the 150 MB target (docs/decisions/0010-*, 2026-12-02);
// - the old generation collected once it has grown by 30 % (+ V8's minimum step) since the last
//   full collection, instead of by up to 300 % on a machine with gigabytes of memory: garbage
//   no longer piles up to 90-150 MB before the first full collection. 10,000 files: 217-223 ->
//   ~115 MB peak RSS, same CPU; no ceiling on the heap (docs/decisions/0010-*).
import { readFileSync, statSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const bundle = new URL('dist/cli/depot.mjs', root);

const bundleIsFresh = () => {
  try {
    const builtAt = statSync(bundle).mtimeMs;
    const inputs = JSON.parse(readFileSync(new URL('dist/cli/inputs.json', root), 'utf8'));
    return inputs.every((path) => statSync(new URL(path, root)).mtimeMs <= builtAt);
  } catch {
    // No bundle, or a source it was built from is gone.
    return false;
  }
};

// DEPOT_BUNDLE=always: the bundle whatever changed since it was built (the bench builds it at its
// start and measures that code, even if a source is edited while it runs).
const useBundle =
  process.env.DEPOT_BUNDLE === 'always' || (process.env.DEPOT_NO_BUNDLE !== '1' && bundleIsFresh());
if (useBundle) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../electron/cli/main.ts');
}

// Recounts a results file written before goodput counted only the files that landed (a tool
// that gave up was credited with the whole night): `tsx bench/recountLanded.ts RESULTS.json
// NIGHT.manifest.json` rewrites RESULTS.json and its .md. The night's manifest (sizes) is the
// one the run used; a seed gives the same night again (`bench/night.ts`).
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { BenchResults } from './BenchResults';
import { checkTargets } from './report/checkTargets';
import { interpret } from './report/interpret';
import { renderMarkdown } from './report/renderMarkdown';
import type { ManifestEntry } from './s3/ManifestEntry';
import type { ToolRunResult } from './ToolRunResult';

/** A run as an older bench wrote it, without `landedBytes`. */
type WrittenRun = Omit<ToolRunResult, 'landedBytes'> & { readonly landedBytes?: number };

const [resultsFile, manifestFile] = process.argv.slice(2);
if (resultsFile === undefined || manifestFile === undefined || !resultsFile.endsWith('.json')) {
  process.stderr.write('usage: tsx bench/recountLanded.ts RESULTS.json NIGHT.manifest.json\n');
  process.exit(2);
}
const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as Omit<BenchResults, 'runs'> & {
  readonly runs: readonly WrittenRun[];
};
const sizes = new Map(
  (JSON.parse(readFileSync(manifestFile, 'utf8')) as ManifestEntry[]).map((e) => [
    e.relativePath,
    e.size,
  ]),
);

/** The same figures as `runTool`'s, from the landed bytes instead of the whole payload. */
const recount = (r: WrittenRun): ToolRunResult => {
  if (r.landedBytes !== undefined) return { ...r, landedBytes: r.landedBytes };
  if (r.verify === null) throw new Error(`${r.tool}/${r.profile}: no verification to recount from`);
  const notLanded = [...r.verify.missing, ...r.verify.mismatched].reduce((sum, path) => {
    const size = sizes.get(path);
    if (size === undefined) throw new Error(`${path} is not in ${manifestFile}`);
    return sum + size;
  }, 0);
  const landedBytes = r.payloadBytes - notLanded;
  const share = landedBytes / r.payloadBytes;
  const resentBytes = r.resentBytes + notLanded;
  return {
    ...r,
    landedBytes,
    goodputMbit: r.goodputMbit * share,
    goodputFraction: r.goodputFraction * share,
    goodputFractionUpTime: r.goodputFractionUpTime * share,
    wireMinusPayload: r.wireMinusPayload + notLanded,
    resentBytes,
    resentPerCut: r.cuts.length > 0 ? resentBytes / r.cuts.length : null,
    resentPerKill: r.kills > 0 ? resentBytes / r.kills : null,
  };
};

const runs = results.runs.map(recount);
const changed = results.runs.filter((r) => r.landedBytes === undefined).length;
const targets = checkTargets(runs, results.amplification, results.resources, results.hashing);
const recounted: BenchResults = { ...results, runs, targets, interpretation: interpret(targets) };
const stamp = basename(resultsFile, '.json');
writeFileSync(resultsFile, `${JSON.stringify(recounted, null, 2)}\n`);
writeFileSync(
  resultsFile.replace(/\.json$/, '.md'),
  `# Depot benchmark ${stamp}\n\n${changed > 0 ? 'Recounted by `bench/recountLanded.ts`: goodput and re-sent bytes count only the files verified on the server.\n\n' : ''}${renderMarkdown(recounted)}`,
);
process.stdout.write(`${stamp}: ${changed} run(s) recounted\n`);

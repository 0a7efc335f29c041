// `npm test`: every suite (unit, integration, e2e) in one vitest run, then one plain closing line.
// Servers the suites need are started by their own global setups and stopped by PID.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
let summary = 'Tests: 0 passed, 1 failed';
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  summary = `Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`;
}
process.stdout.write(`\n${summary}\n`);
process.exit(run.status ?? 1);

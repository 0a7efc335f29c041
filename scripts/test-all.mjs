// `npm test`: every suite (unit, integration, e2e) in one vitest run, then one plain closing line.
// Servers the suites need are started by their own global setups and stopped by PID.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

// ONE real S3 server shared by the integration and e2e projects (each project's globalSetup would
// otherwise start its own); passed by environment, stopped by its PID at the end.
const args = process.argv.slice(2);
const projects = args.flatMap((a, i) =>
  a === '--project' ? [args[i + 1]] : a.startsWith('--project=') ? [a.slice(10)] : [],
);
const needsS3 =
  !process.env.DEPOT_S3_ENDPOINT &&
  (projects.length === 0 || projects.some((p) => p === 'integration' || p === 'e2e'));
let s3 = null;
if (projects.length === 0 || projects.some((p) => p !== 'unit')) {
  // A fresh machine lacks radosgw and chromium: install what is missing (fast when nothing is).
  const deps = spawnSync('bash', ['scripts/install-system-deps.sh'], { stdio: 'inherit' });
  if (deps.status !== 0) {
    process.stdout.write(
      '\nCould not install the system packages (see above).\nTests: 0 passed, 1 failed\n',
    );
    process.exit(1);
  }
}
if (needsS3) {
  s3 = spawn(process.execPath, ['--import', 'tsx', 'scripts/s3-server.ts', 'start'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
  const [line] = await Promise.race([
    once(createInterface({ input: s3.stdout }), 'line'),
    once(s3, 'exit').then(() => [null]),
  ]);
  if (!line) {
    process.stdout.write(
      '\nCould not start the test S3 server (see above).\nTests: 0 passed, 1 failed\n',
    );
    process.exit(1);
  }
  const c = JSON.parse(line);
  process.env.DEPOT_S3_ENDPOINT = c.endpoint;
  process.env.DEPOT_S3_REGION = c.region;
  process.env.DEPOT_S3_ACCESS_KEY_ID = c.accessKeyId;
  process.env.DEPOT_S3_SECRET_ACCESS_KEY = c.secretAccessKey;
  process.env.DEPOT_S3_CEPH_CONF = `${c.dir}/ceph.conf`;
}

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
    ...args,
  ],
  { stdio: 'inherit' },
);
if (s3) {
  s3.kill('SIGTERM');
  await once(s3, 'exit');
}
let summary = 'Tests: 0 passed, 1 failed';
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  summary = `Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`;
  // Vitest fails a run on an error no test caught (an unhandled rejection, say) while every test
  // passed: the closing line must not read as a success then.
  if (run.status !== 0 && r.numFailedTests === 0)
    summary += ', and errors outside the tests (above)';
}
process.stdout.write(`\n${summary}\n`);
process.exit(run.status ?? 1);

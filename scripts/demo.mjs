// `npm run demo`: deposits a synthetic night of recordings to a local S3-compatible server (Ceph
// radosgw) that it starts itself, verifies it, prints the verified summary and cleans up: the
// server is stopped by the process group it started, the temporary folder removed, even on failure.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = Number(process.env.DEMO_FILES ?? 60);
const bytes = process.env.DEMO_BYTES ?? '300MB';
const bucket = 'demo';

const step = (text) => process.stdout.write(`\n== ${text}\n`);

const run = (command, args, env = process.env) => {
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (r.error) throw r.error;
  return r.status ?? 1;
};

/**
 * Starts `scripts/s3-server.ts start` as ONE node process (no npx/tsx wrapper that would relay a
 * second SIGTERM and cut its clean stop short) and reads its JSON line.
 */
const startServer = () =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/s3-server.ts', 'start', '--bucket', bucket],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NODE_NO_WARNINGS: '1' },
      },
    );
    const errors = [];
    createInterface({ input: child.stderr }).on('line', (line) => {
      errors.push(line);
      if (errors.length > 40) errors.shift();
    });
    const timer = setTimeout(() => {
      reject(new Error(`the S3 server did not start within 120 s:\n${errors.join('\n')}`));
    }, 120_000);
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve({ child, coordinates: JSON.parse(line) });
      } catch (error) {
        reject(error);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the S3 server exited (${code}) before starting:\n${errors.join('\n')}`));
    });
  });

/**
 * SIGTERM to the server script (it stops every Ceph process it started and removes its folder);
 * if it does not exit in time, SIGKILL it and the Ceph PIDs it reported, and remove the folder.
 */
const stopServer = async (server) => {
  const { child, coordinates } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 30_000));
  if ((await Promise.race([exited, timeout])) !== 'timeout') return;
  // Only when the script failed to stop them: its PIDs are still ours then.
  child.kill('SIGKILL');
  for (const pid of coordinates?.pids ?? []) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  if (coordinates?.dir) rmSync(coordinates.dir, { recursive: true, force: true });
};

const main = async () => {
  step('System packages (installs only what is missing)');
  if (run('bash', ['scripts/install-system-deps.sh']) !== 0) {
    throw new Error('installing the system packages failed (see above)');
  }
  const work = mkdtempSync(join(tmpdir(), 'depot-demo-'));
  let server;
  const onSignal = () => {
    if (server) void stopServer(server).finally(() => process.exit(4));
    else process.exit(4);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    step('Starting a local S3-compatible server (Ceph radosgw, about 15 s)');
    server = await startServer();
    const { endpoint, accessKeyId, secretAccessKey } = server.coordinates;
    process.stdout.write(`server at ${endpoint}, bucket "${bucket}"\n`);

    step(`Generating a synthetic night: ${files} WAV files, about ${bytes}`);
    const night = join(work, 'night');
    if (
      run('npx', [
        'tsx',
        'scripts/synth-night.ts',
        night,
        '--files',
        String(files),
        '--bytes',
        bytes,
        '--seed',
        '1',
      ]) !== 0
    ) {
      throw new Error('generating the synthetic night failed');
    }

    const env = {
      ...process.env,
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
      DEPOT_DB: join(work, 'depot.db'),
      NODE_NO_WARNINGS: '1',
    };
    const target = [
      '--endpoint',
      endpoint,
      '--bucket',
      bucket,
      '--prefix',
      '{site}/{night}',
      '--path-style',
    ];

    step(
      'depot deposit (resumable, every file proved by the checksum the server computed, manifest written last)',
    );
    const deposited = run('node', ['bin/depot.js', 'deposit', night, ...target], env);
    if (deposited !== 0) throw new Error(`depot deposit exited with ${deposited}`);

    step(
      'depot verify (lists the server, compares sizes and server checksums with the files, changes nothing)',
    );
    const verified = run('node', ['bin/depot.js', 'verify', night, ...target], env);
    if (verified !== 0) throw new Error(`depot verify exited with ${verified}`);
    step('Done: every file is on the server, verified, and the manifest marks the night complete.');
    return 0;
  } finally {
    if (server) await stopServer(server);
    rmSync(work, { recursive: true, force: true });
  }
};

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(
      `demo failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);

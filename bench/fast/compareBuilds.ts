/**
 * Side-by-side CPU and wall of Depot builds on the fast profile's workloads (issue 15): one
 * radosgw on 127.0.0.1, each night written once, then `depot deposit` from each bundle in turn
 * (A B C, A B C, ...) under GNU time, a fresh bucket and plan database per run. The source stays
 * in the page cache (warm for every build alike): this compares builds, the bench compares tools.
 *
 *   npm run build:cli && cp -r dist/cli dist/variants/a   (one folder per build, inside the
 *   checkout so that the bundle finds better-sqlite3 in node_modules)
 *   npx tsx bench/fast/compareBuilds.ts --rounds 3 --work /tmp/cmp a=dist/variants/a b=...
 *
 * A build may run under other Node flags than bin/depot.js's: `label=dir@--flag1,--flag2`, and
 * with more `depot deposit` arguments: `label=dir+--concurrency,8` (both: `dir@flags+args`), and
 * with environment variables: `label=dir%UV_THREADPOOL_SIZE=2` (last: `dir@flags+args%VAR=v,...`).
 * Options: --workloads small,large (default both), --quick (400 and 2 files), --cpu-prof DIR
 * (one profile per run, for `node --cpu-prof`), --files N (small workload's count), --keep-out
 * (each run's output kept as WORK/ID.out: with `@--trace-gc`, its collections).
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { startS3Server } from '../../test/support/s3server/startS3Server';
import { clientOf } from './clientOf';
import { warmUpServer } from './warmUpServer';
import { depotNodeFlags } from '../depotNodeFlags';
import { createCleanup } from '../lab/Cleanup';
import { makeNight } from '../night';
import { fastWorkloads } from './measureFastLink';
import { timed, type Timed } from '../timed';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '3' },
    work: { type: 'string', default: '/tmp/depot-compare' },
    workloads: { type: 'string', default: 'small,large' },
    quick: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    files: { type: 'string' },
    'keep-out': { type: 'boolean', default: false },
  },
});

// label=dir, or label=dir@flags: Node's flags in place of bin/depot.js's (comma-separated).
const builds = positionals.map((p) => {
  const at = p.indexOf('=');
  const label = at < 0 ? undefined : p.slice(0, at);
  const [command = '', vars] = p.slice(at + 1).split('%');
  const [spec, extra] = command.split('+');
  const [dir, flags] = (spec ?? '').split('@');
  if (label === undefined || dir === undefined || dir === '') {
    throw new Error(`label=dir[@flags][+args] expected: ${p}`);
  }
  return {
    label,
    bundle: resolve(dir, 'depot.mjs'),
    flags: flags === undefined ? depotNodeFlags : flags.split(','),
    args: extra === undefined ? [] : extra.split(','),
    env: Object.fromEntries(
      (vars === undefined ? [] : vars.split(',')).map((v) => [
        v.slice(0, v.indexOf('=')),
        v.slice(v.indexOf('=') + 1),
      ]),
    ),
  };
});
const rounds = Number(values.rounds);
// Absolute: the runs start in the repository's root (`timed`), wherever this was started.
const work = resolve(values.work);
mkdirSync(work, { recursive: true });

const loadavg = (): string =>
  readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const cleanup = createCleanup((line) => process.stderr.write(`${line}\n`));
const wanted = new Set(values.workloads.split(','));
const workloads = fastWorkloads(values.quick)
  .map((w) =>
    w.sizes === 'small' && values.files !== undefined
      ? { ...w, files: Number(values.files), totalBytes: Number(values.files) * 40_000 }
      : w,
  )
  .filter((w) => wanted.has(w.sizes));
// Every run's objects stay on the server (a bucket each), held in memory: a full store stops
// answering writes, which looks like a stalled link (nine runs of 8 x 60 MB fill the default 4 GiB).
const stored = rounds * builds.length * workloads.reduce((sum, w) => sum + w.totalBytes, 0);
const server = await startS3Server({
  log: () => undefined,
  memoryBytes: Math.max(4 * 1024 ** 3, Math.ceil(stored * 1.25) + 1024 ** 3),
});
const client = clientOf(server);
await warmUpServer(client);
try {
  const results: string[] = [];
  for (const [w, workload] of workloads.entries()) {
    const nightDir = join(work, `night-${workload.sizes}-${workload.files}`);
    rmSync(nightDir, { recursive: true, force: true });
    await makeNight(nightDir, {
      files: workload.files,
      totalBytes: workload.totalBytes,
      seed: 15 + w,
      sizes: workload.sizes,
    });
    const perBuild = new Map<string, Timed[]>();
    for (let round = 0; round < rounds; round += 1) {
      for (const build of builds) {
        const id = `${workload.sizes}-${build.label}-${round}`;
        const bucket = `cmp-${id}`.toLowerCase();
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
        const state = join(work, `state-${id}`);
        rmSync(state, { recursive: true, force: true });
        mkdirSync(state, { recursive: true });
        const prof =
          values['cpu-prof'] === undefined
            ? []
            : [
                '--cpu-prof',
                `--cpu-prof-dir=${resolve(values['cpu-prof'])}`,
                `--cpu-prof-name=${id}.cpuprofile`,
              ];
        const before = loadavg();
        const t = await timed(
          [
            process.execPath,
            ...build.flags,
            ...prof,
            build.bundle,
            'deposit',
            nightDir,
            '--endpoint',
            server.endpoint,
            '--bucket',
            bucket,
            '--prefix',
            'night/',
            '--path-style',
            '--db',
            join(state, 'depot.sqlite'),
            '--json',
            ...build.args,
          ],
          {
            ...build.env,
            HOME: state,
            AWS_ACCESS_KEY_ID: server.accessKeyId,
            AWS_SECRET_ACCESS_KEY: server.secretAccessKey,
            AWS_REGION: server.region,
          },
          state,
          cleanup,
          1_800,
        );
        if (t.exitCode !== 0) {
          process.stderr.write(readFileSync(join(state, 'tool.out'), 'utf8'));
          throw new Error(`${id}: exit ${String(t.exitCode)}`);
        }
        perBuild.set(build.label, [...(perBuild.get(build.label) ?? []), t]);
        const line = `${workload.name} ${build.label} round ${round + 1}: exit ${String(t.exitCode)}, wall ${t.wallS.toFixed(2)} s, CPU ${t.cpuS.toFixed(2)} s, RSS ${t.peakRssMB.toFixed(0)} MB (load ${before})`;
        process.stdout.write(`${line}\n`);
        results.push(line);
        if (values['keep-out']) copyFileSync(join(state, 'tool.out'), join(work, `${id}.out`));
        rmSync(state, { recursive: true, force: true });
      }
    }
    for (const [label, ts] of perBuild) {
      const mean = (f: (t: Timed) => number): string =>
        (ts.reduce((s, t) => s + f(t), 0) / ts.length).toFixed(2);
      const line = `${workload.name} ${label}: CPU ${ts.map((t) => t.cpuS.toFixed(2)).join(' / ')} mean ${mean((t) => t.cpuS)}; wall ${ts.map((t) => t.wallS.toFixed(2)).join(' / ')} mean ${mean((t) => t.wallS)}; RSS max ${Math.max(...ts.map((t) => t.peakRssMB)).toFixed(0)} MB`;
      process.stdout.write(`${line}\n`);
    }
  }
} finally {
  client.destroy();
  await server.stop();
}

/**
 * The S3 adapter's own CPU per request (issue 15, ADR 0013 fourth pass): many small PutObjects
 * through `S3ObjectStore` into radosgw on 127.0.0.1, four at a time, from several source trees in
 * turn (A B, A B, ...), each run a fresh process measured by `process.cpuUsage()` around the
 * calls only (no engine, no SQLite, no file reads, no start-up): the SDK and Node's HTTP client.
 *
 *   git archive main electron shared | tar -x -C /tmp/base && ln -s $PWD/node_modules /tmp/base/
 *   npx tsx bench/fast/adapterCpu.ts --rounds 3 base=/tmp/base head=.
 *
 * Options: --requests N (default 2000), --size BYTES (default 40000), --concurrency N (4),
 * --cpu-prof DIR (a `node --cpu-prof` profile per run).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { startS3Server } from '../../test/support/s3server/startS3Server';
import { clientOf } from './clientOf';
import { warmUpServer } from './warmUpServer';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '3' },
    requests: { type: 'string', default: '2000' },
    size: { type: 'string', default: '40000' },
    concurrency: { type: 'string', default: '4' },
    'cpu-prof': { type: 'string' },
  },
});
const trees = positionals.map((p) => {
  const [label, dir] = p.split('=');
  if (label === undefined || dir === undefined) throw new Error(`label=dir expected: ${p}`);
  return { label, dir: resolve(dir) };
});
const loadavg = (): string =>
  readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

type RunResult = { readonly cpuS: number; readonly wallS: number; readonly failed: number };

const runOnce = (dir: string, env: Readonly<Record<string, string>>): Promise<RunResult> =>
  new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        ...(values['cpu-prof'] === undefined
          ? []
          : ['--cpu-prof', `--cpu-prof-dir=${resolve(values['cpu-prof'])}`]),
        '--import',
        'tsx',
        resolve(import.meta.dirname, 'adapterCpuRun.ts'),
      ],
      { env: { ...process.env, ...env, ADAPTER_TREE: dir }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) return fail(new Error(`${dir}: exit ${String(code)}`));
      done(JSON.parse(out.trim().split('\n').at(-1) ?? '') as RunResult);
    });
  });

const server = await startS3Server({ log: () => undefined });
const admin = clientOf(server);
try {
  // The server's first object paid before the first tree's first round (warmUpServer).
  await warmUpServer(admin);
  const results = new Map<string, RunResult[]>();
  for (let round = 0; round < Number(values.rounds); round += 1) {
    for (const tree of trees) {
      const bucket = `adapter-${tree.label}-${round}`.toLowerCase();
      await admin.send(new CreateBucketCommand({ Bucket: bucket }));
      const load = loadavg();
      const r = await runOnce(tree.dir, {
        ADAPTER_ENDPOINT: server.endpoint,
        ADAPTER_REGION: server.region,
        ADAPTER_BUCKET: bucket,
        ADAPTER_KEY_ID: server.accessKeyId,
        ADAPTER_SECRET: server.secretAccessKey,
        ADAPTER_REQUESTS: values.requests,
        ADAPTER_SIZE: values.size,
        ADAPTER_CONCURRENCY: values.concurrency,
      });
      results.set(tree.label, [...(results.get(tree.label) ?? []), r]);
      process.stdout.write(
        `${tree.label} round ${round + 1}: CPU ${r.cpuS.toFixed(2)} s, wall ${r.wallS.toFixed(2)} s, failed ${r.failed} (load ${load})\n`,
      );
    }
  }
  for (const [label, rs] of results) {
    const cpu = rs.map((r) => r.cpuS);
    const mean = cpu.reduce((a, b) => a + b, 0) / cpu.length;
    process.stdout.write(
      `${label}: CPU ${cpu.map((c) => c.toFixed(2)).join(' / ')} mean ${mean.toFixed(2)} s, ${((mean / Number(values.requests)) * 1e6).toFixed(0)} µs per request\n`,
    );
  }
} finally {
  admin.destroy();
  await server.stop();
}

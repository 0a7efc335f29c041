import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  CreateBucketCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { startS3Server } from '../../test/support/s3server/startS3Server';
import { clientOf } from './clientOf';
import { warmUpServer } from './warmUpServer';
import { cpuSecondsOf } from './cpuSecondsOf';
import type { TargetCheck } from '../BenchResults';
import type { Cleanup } from '../lab/Cleanup';
import { killGroup, sh } from '../lab/Cleanup';
import { makeNight } from '../night';
import type { Tool } from '../tools/Tool';
import type { FastRun } from './FastRun';
import { timed, type Timed } from '../timed';
import { pageSize, wholePagesOf } from './wholePagesOf';

const MB = 1e6;

export type FastWorkload = {
  readonly name: string;
  readonly files: number;
  readonly totalBytes: number;
  readonly sizes: 'small' | 'large';
};

/** Issue 15's two workloads: many small files, a few large ones. */
export const fastWorkloads = (quick: boolean): FastWorkload[] => [
  {
    name: `${quick ? 400 : 2_000} files x 40 KB`,
    files: quick ? 400 : 2_000,
    totalBytes: (quick ? 400 : 2_000) * 40_000,
    sizes: 'small',
  },
  {
    name: `${quick ? 2 : 8} files x 60 MB`,
    files: quick ? 2 : 8,
    totalBytes: (quick ? 2 : 8) * 60e6,
    sizes: 'large',
  },
];

/** Every file of the night is listed under the prefix with its size. */
const isComplete = async (
  client: S3Client,
  bucket: string,
  prefix: string,
  expected: ReadonlyMap<string, number>,
): Promise<boolean> => {
  const seen = new Map<string, number>();
  let token: string | undefined;
  do {
    const page: ListObjectsV2CommandOutput = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) seen.set((o.Key ?? '').slice(prefix.length), o.Size ?? -1);
    token = page.NextContinuationToken;
  } while (token !== undefined);
  return [...expected].every(([name, size]) => seen.get(name) === size);
};

/**
 * Bytes read from the disk by `cat` of every file in `dir`, the page cache dropped first and
 * `sh` and `cat` loaded again on the warm-up night (as each tool is warmed up): the floor under
 * any tool that reads each file once. For 2,000 x 40 KB it is 1.057-1.070 x the payload on this
 * machine's ext4: the files' whole pages alone are 1.051-1.052 x on every seed (`wholePagesOf`),
 * so no tool can meet the issue's 1.05 x on that workload here.
 */
const readOnce = async (
  dir: string,
  warmUpDir: string,
  stateDir: string,
  cleanup: Cleanup,
): Promise<number> => {
  mkdirSync(stateDir, { recursive: true });
  sh(['sync']);
  sh(['sh', '-c', 'echo 3 > /proc/sys/vm/drop_caches']);
  const cat = (of: string): Promise<Timed> =>
    timed(['sh', '-c', 'cat -- "$0"/* > /dev/null', of], {}, stateDir, cleanup, 300);
  await cat(warmUpDir);
  const t = await cat(dir);
  if (t.exitCode !== 0) throw new Error(`cat of ${dir}: exit ${String(t.exitCode)}`);
  return t.readBytes;
};

/**
 * The fast profile (issue 15): no shaping, radosgw on 127.0.0.1, each workload deposited by each
 * tool in turn into a bucket of its own, under GNU time, the page cache dropped before each run so
 * that every tool reads the source from the disk.
 */
export const measureFastLink = async (opts: {
  readonly tools: readonly Tool[];
  readonly quick: boolean;
  readonly seed: number;
  readonly work: string;
  readonly cleanup: Cleanup;
  readonly log: (line: string) => void;
}): Promise<FastRun[]> => {
  const { cleanup, log } = opts;
  const server = await startS3Server({ log: (line) => log(`  s3: ${line}`) });
  const unregister = cleanup.add('fast s3 server', () => {
    for (const pid of server.pids) killGroup(pid, 'SIGKILL');
  });
  const client = clientOf(server);
  const runs: FastRun[] = [];
  const page = pageSize();
  // The warm-up's night: one small recording, so that the warm-up runs the whole path (an empty
  // folder ends Depot before its database is opened: better-sqlite3's library, /etc/localtime
  // and the upload path were then read from the disk in the measured run, 0.5-0.6 MB over the
  // AWS CLI's; `bench/fast/probeReads.ts`).
  const warmUpNight = join(opts.work, 'fast-warm-up');
  await makeNight(warmUpNight, { files: 1, totalBytes: 40_000, seed: opts.seed, sizes: 'small' });
  try {
    await warmUpServer(client);
    for (const [w, workload] of fastWorkloads(opts.quick).entries()) {
      const dir = join(opts.work, `fast-${w}`);
      const night = await makeNight(dir, {
        files: workload.files,
        totalBytes: workload.totalBytes,
        seed: opts.seed + 15 + w,
        sizes: workload.sizes,
      });
      const expected = new Map(
        readdirSync(dir).map((name) => [name, statSync(join(dir, name)).size] as const),
      );
      log(`fast: ${workload.name}: ${night.files} files, ${(night.bytes / MB).toFixed(1)} MB`);
      const floorReadBytes = await readOnce(
        night.dir,
        warmUpNight,
        join(opts.work, `fast-floor-${w}`),
        cleanup,
      );
      const pagesBytes = wholePagesOf(expected.values(), page);
      log(
        `  cat of every file: read ${(floorReadBytes / MB).toFixed(1)} MB; their whole pages: ${(pagesBytes / MB).toFixed(1)} MB`,
      );
      for (const tool of opts.tools) {
        const bucket = `fast-${w}-${tool.name}`;
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
        const stateDir = join(opts.work, `fast-state-${w}-${tool.name}`);
        mkdirSync(stateDir, { recursive: true });
        const prefix = 'night/';
        const { argv, env } = tool.command({
          endpoint: server.endpoint,
          region: server.region,
          accessKeyId: server.accessKeyId,
          secretAccessKey: server.secretAccessKey,
          bucket,
          prefix,
          nightDir: night.dir,
          stateDir,
        });
        // The source cold for every tool (what a volunteer's first deposit of a card costs), the
        // tool itself warm: a run on a one-file night loads its code again after the drop, so the
        // bytes read are the source's, not the Node, Go or Python runtime's.
        sh(['sync']);
        sh(['sh', '-c', 'echo 3 > /proc/sys/vm/drop_caches']);
        mkdirSync(`${stateDir}-warm-up`, { recursive: true });
        const warm = tool.command({
          endpoint: server.endpoint,
          region: server.region,
          accessKeyId: server.accessKeyId,
          secretAccessKey: server.secretAccessKey,
          bucket,
          prefix: 'warm-up/',
          nightDir: warmUpNight,
          stateDir: `${stateDir}-warm-up`,
        });
        await timed(warm.argv, warm.env, `${stateDir}-warm-up`, cleanup, 120);
        const serverCpuBefore = cpuSecondsOf(server.pids);
        const t = await timed(argv, env, stateDir, cleanup, opts.quick ? 300 : 900);
        const serverCpuS = cpuSecondsOf(server.pids) - serverCpuBefore;
        const complete = await isComplete(client, bucket, prefix, expected);
        const run: FastRun = {
          workload: workload.name,
          tool: tool.name,
          files: night.files,
          payloadBytes: night.bytes,
          complete,
          ...t,
          serverCpuS,
          floorReadBytes,
          pagesBytes,
        };
        runs.push(run);
        log(
          `  ${tool.name}: exit ${run.exitCode}, ${complete ? 'complete' : 'INCOMPLETE'}, ${run.wallS.toFixed(2)} s, CPU ${run.cpuS.toFixed(2)} s (server ${serverCpuS.toFixed(2)} s), RSS ${run.peakRssMB.toFixed(0)} MB, read ${(run.readBytes / MB).toFixed(1)} MB`,
        );
      }
    }
  } finally {
    client.destroy();
    await server.stop();
    unregister();
  }
  return runs;
};

/** Issue 15's fast-link targets, per workload, each beside both peers. */
export const checkFastTargets = (runs: readonly FastRun[]): TargetCheck[] => {
  const checks: TargetCheck[] = [];
  for (const workload of [...new Set(runs.map((r) => r.workload))]) {
    const of = (tool: string): FastRun | undefined =>
      runs.find((r) => r.workload === workload && r.tool === tool);
    const depot = of('depot');
    if (depot === undefined) continue;
    const rclone = of('rclone');
    const aws = of('aws-cli');
    const ok = depot.exitCode === 0 && depot.complete;
    const s = (x: number | undefined): string => (x === undefined ? 'not run' : x.toFixed(2));
    checks.push(
      {
        name: `fast ${workload}: wall`,
        target: "<= rclone's",
        measured: `${s(depot.wallS)} s (rclone ${s(rclone?.wallS)}, aws-cli ${s(aws?.wallS)})`,
        pass: rclone === undefined ? null : ok && depot.wallS <= rclone.wallS,
      },
      {
        name: `fast ${workload}: CPU`,
        target: "<= the AWS CLI's",
        measured: `${s(depot.cpuS)} s (rclone ${s(rclone?.cpuS)}, aws-cli ${s(aws?.cpuS)})`,
        pass: aws === undefined ? null : ok && depot.cpuS <= aws.cpuS,
      },
      {
        name: `fast ${workload}: peak RSS`,
        target: '<= 150 MB',
        measured: `${depot.peakRssMB.toFixed(0)} MB (rclone ${rclone?.peakRssMB.toFixed(0) ?? '-'}, aws-cli ${aws?.peakRssMB.toFixed(0) ?? '-'})`,
        pass: ok && depot.peakRssMB <= 150,
      },
      {
        name: `fast ${workload}: bytes read`,
        target: '<= 1.05 x payload',
        measured: `${(depot.readBytes / depot.payloadBytes).toFixed(3)} x (rclone ${rclone === undefined ? '-' : (rclone.readBytes / rclone.payloadBytes).toFixed(3)}, aws-cli ${aws === undefined ? '-' : (aws.readBytes / aws.payloadBytes).toFixed(3)}${depot.floorReadBytes === undefined ? '' : `; cat of every file ${(depot.floorReadBytes / depot.payloadBytes).toFixed(3)}`}${depot.pagesBytes === undefined ? '' : `; the files' whole pages ${(depot.pagesBytes / depot.payloadBytes).toFixed(3)}`})`,
        pass: ok && depot.readBytes <= 1.05 * depot.payloadBytes,
      },
    );
  }
  return checks;
};

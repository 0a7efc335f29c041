/**
 * Where a tool's bytes read from the disk come from on the fast profile (issue 15): the page
 * cache dropped, the tool's warm-up on a one-file night (as the bench does), then the deposit of a
 * 2,000 x 40 KB night, under GNU time (ru_inblock = the kernel's read_bytes); `fincore` of the
 * runtime's files after the warm-up and after the deposit says how much of the runtime the
 * deposit itself brought in.
 *
 *   npx tsx bench/fast/probeReads.ts [--tools depot,rclone,aws-cli] [--work /tmp/depot-probe-reads]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { startS3Server } from '../../test/support/s3server/startS3Server';
import { clientOf } from './clientOf';
import { warmUpServer } from './warmUpServer';
import { createCleanup } from '../lab/Cleanup';
import { makeNight } from '../night';
import { defaultEngineSettings } from '../../electron/engine/EngineSettings';
import { awsCliTool } from '../tools/awsCliTool';
import { depotTool } from '../tools/depotTool';
import { rcloneTool } from '../tools/rcloneTool';
import { timed } from '../timed';

const { values } = parseArgs({
  options: {
    tools: { type: 'string', default: 'depot,rclone,aws-cli' },
    work: { type: 'string', default: '/tmp/depot-probe-reads' },
    files: { type: 'string', default: '2000' },
  },
});
const work = resolve(values.work);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const cleanup = createCleanup((line) => process.stderr.write(`${line}\n`));
const server = await startS3Server({ log: () => undefined });
const client = clientOf(server);
await warmUpServer(client);
const RUNTIME: Record<string, readonly string[]> = {
  depot: [
    process.execPath,
    resolve('dist/cli/depot.mjs'),
    resolve('node_modules/better-sqlite3/build/Release/better_sqlite3.node'),
  ],
};
/** Bytes of these files in the page cache now. */
const resident = (files: readonly string[]): number =>
  files.length === 0
    ? 0
    : execFileSync('fincore', ['--bytes', '--noheadings', '--output', 'RES', ...files], {
        encoding: 'utf8',
      })
        .split('\n')
        .filter((l) => l.trim() !== '')
        .reduce((sum, l) => sum + Number(l.trim()), 0);
const MB = 1e6;
try {
  const files = Number(values.files);
  const night = join(work, 'night');
  await makeNight(night, { files, totalBytes: files * 40_000, seed: 20, sizes: 'small' });
  // As the bench warms each tool up: one small recording deposited to another prefix.
  const warmUpNight = join(work, 'warm-up-night');
  await makeNight(warmUpNight, { files: 1, totalBytes: 40_000, seed: 21, sizes: 'small' });
  const allTools = [
    depotTool({
      partBytes: defaultEngineSettings.partSize,
      partsInFlight: defaultEngineSettings.concurrency,
      version: 'probe',
    }),
    rcloneTool(),
    awsCliTool(),
  ];
  for (const tool of allTools.filter((t) => values.tools.split(',').includes(t.name))) {
    const ctx = (nightDir: string, prefix: string, stateDir: string) => ({
      endpoint: server.endpoint,
      region: server.region,
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
      bucket: `probe-${tool.name}`,
      prefix,
      nightDir,
      stateDir,
    });
    await client.send(new CreateBucketCommand({ Bucket: `probe-${tool.name}` }));
    const state = join(work, `state-${tool.name}`);
    mkdirSync(`${state}-warm-up`, { recursive: true });
    mkdirSync(state, { recursive: true });
    execFileSync('sync');
    execFileSync('sh', ['-c', 'echo 3 > /proc/sys/vm/drop_caches']);
    const warm = tool.command(ctx(warmUpNight, 'warm-up/', `${state}-warm-up`));
    const w = await timed(warm.argv, warm.env, `${state}-warm-up`, cleanup, 120);
    const runtime = RUNTIME[tool.name] ?? [];
    const afterWarmUp = resident(runtime);
    const nightFiles = execFileSync('find', [night, '-type', 'f'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => f !== '');
    const nightBefore = nightFiles.length > 0 ? resident(nightFiles.slice(0, 1000)) : 0;
    const run = tool.command(ctx(night, 'night/', state));
    const t = await timed(run.argv, run.env, state, cleanup, 900);
    const afterRun = resident(runtime);
    process.stdout.write(
      `${tool.name}: exit ${String(t.exitCode)}; warm-up read ${(w.readBytes / MB).toFixed(1)} MB; ` +
        `deposit read ${(t.readBytes / MB).toFixed(1)} MB for ${((files * 40_000) / MB).toFixed(1)} MB of payload ` +
        `(${((files * 40_960) / MB).toFixed(1)} MB in whole pages); runtime resident ` +
        `${(afterWarmUp / MB).toFixed(1)} -> ${(afterRun / MB).toFixed(1)} MB ` +
        `(+${((afterRun - afterWarmUp) / MB).toFixed(1)}); first 1,000 source files resident before: ${(nightBefore / MB).toFixed(1)} MB\n`,
    );
  }
} finally {
  await server.stop();
  cleanup.runAll();
  rmSync(work, { recursive: true, force: true });
}

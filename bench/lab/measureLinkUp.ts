// Issue 15: how long after a link-up a tool puts payload on the wire again. As root:
// `npx tsx bench/lab/measureLinkUp.ts [--tools depot,rclone,aws-cli] [--cuts 5] [--down-s 5]
// [--depot-bundles before=dist/variants/before.mjs,after=dist/cli/depot.mjs]`: with bundles, one
// Depot per bundle (built by `npm run build:cli` at the commits compared, kept under dist/), in
// turn in the same run as the peers.
// The lab's link (10 Mbit/s, 80 ms RTT), one night of large files per tool; the link is cut
// (`ip link set down`: no route) several times while the tool sends, and the client side's
// transmitted bytes are sampled every 10 ms after each link-up: the delay is the first sample
// by which more than two full segments (payload, not a handshake or a HeadBucket) went out.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { depotNodeFlags } from '../depotNodeFlags';
import { makeNight } from '../night';
import { startServerSide } from '../s3/ServerSide';
import { awsCliTool } from '../tools/awsCliTool';
import { depotTool } from '../tools/depotTool';
import { rcloneTool } from '../tools/rcloneTool';
import type { Tool } from '../tools/Tool';
import { createCleanup, killGroup } from './Cleanup';
import { MSS_BYTES, startLinkLab } from './LinkLab';
import { defaultLinkSettings } from './LinkSettings';

const { values } = parseArgs({
  options: {
    tools: { type: 'string', default: 'depot,rclone,aws-cli' },
    cuts: { type: 'string', default: '5' },
    'down-s': { type: 'string', default: '5' },
    'depot-bundles': { type: 'string', default: '' },
  },
});
const loadAverage = (): string =>
  readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

type Measured = { readonly name: string; readonly tool: Tool };

/** Depot as `bin/depot.js` runs it (same Node flags), from another bundle than the checkout's. */
const depotFromBundle = (label: string, bundle: string): Measured => {
  const tool = depotTool({ partBytes: 5 * 1024 * 1024, partsInFlight: 4, version: label });
  return {
    name: `depot-${label}`,
    tool: {
      ...tool,
      command: (ctx) => {
        const { argv, env } = tool.command(ctx);
        return {
          argv: [process.execPath, ...depotNodeFlags, resolve(bundle), ...argv.slice(1)],
          env,
        };
      },
    },
  };
};
const log = (line: string): void => {
  process.stderr.write(`[link-up ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
};
const cleanup = createCleanup(log);

const main = async (): Promise<void> => {
  const work = mkdtempSync(join(tmpdir(), 'depot-linkup-'));
  cleanup.add('temp dir', () => rmSync(work, { recursive: true, force: true }));
  const night = await makeNight(join(work, 'night'), {
    files: 6,
    totalBytes: 90e6,
    seed: 15,
    sizes: 'large',
  });
  const lab = await startLinkLab(defaultLinkSettings, cleanup, log);
  const server = await startServerSide(lab, 'linkup', cleanup, log);
  const cuts = Number(values.cuts);
  const downMs = Number(values['down-s']) * 1000;
  const bundles = (values['depot-bundles'] ?? '')
    .split(',')
    .filter((b) => b !== '')
    .map((b) => b.split('='));
  const depots: Measured[] =
    bundles.length === 0
      ? [
          {
            name: 'depot',
            tool: depotTool({ partBytes: 5 * 1024 * 1024, partsInFlight: 4, version: '' }),
          },
        ]
      : bundles.map(([label, bundle]) => depotFromBundle(label ?? '', bundle ?? ''));
  const all: Measured[] = [
    ...depots,
    { name: 'rclone', tool: rcloneTool() },
    { name: 'aws-cli', tool: awsCliTool() },
  ];
  const lines: string[] = [`load average at start: ${loadAverage()}`];
  const wanted = (values.tools ?? '').split(',');
  for (const { name, tool } of all.filter((t) => wanted.includes(t.tool.name))) {
    const stateDir = join(work, name);
    mkdirSync(stateDir, { recursive: true });
    const { argv, env } = tool.command({
      endpoint: server.endpoint,
      region: server.region,
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
      bucket: server.bucket,
      prefix: `${name}/`,
      nightDir: night.dir,
      stateDir,
    });
    const out = openSync(join(stateDir, 'out.txt'), 'w');
    const child = spawn('ip', ['netns', 'exec', lab.clientNs, ...argv], {
      detached: true,
      stdio: ['ignore', out, out],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    });
    closeSync(out);
    const unregister = cleanup.add(`${name} ${child.pid}`, () => killGroup(child.pid));
    let exited = false;
    child.once('exit', () => (exited = true));
    const delays: number[] = [];
    await sleep(8_000);
    for (let i = 0; i < cuts && !exited; i++) {
      lab.setLink(false);
      await sleep(downMs);
      const before = lab.counters().txBytes;
      lab.setLink(true);
      const upAt = performance.now();
      let delay = NaN;
      while (performance.now() - upAt < 60_000 && !exited) {
        if (lab.counters().txBytes - before > 2 * MSS_BYTES) {
          delay = performance.now() - upAt;
          break;
        }
        await sleep(10);
      }
      delays.push(delay);
      log(`${name}: cut ${i + 1}: payload again ${delay.toFixed(0)} ms after link-up`);
      await sleep(4_000);
    }
    killGroup(child.pid);
    unregister();
    const ok = delays.filter((d) => Number.isFinite(d)).sort((a, b) => a - b);
    lines.push(
      `${name}: ${ok.length}/${delays.length} cuts, median ${(ok[Math.floor(ok.length / 2)] ?? NaN).toFixed(0)} ms, max ${(ok[ok.length - 1] ?? NaN).toFixed(0)} ms (${delays.map((d) => d.toFixed(0)).join(', ')})`,
    );
    await server.purge(`${name}/`);
  }
  lines.push(`load average at end: ${loadAverage()}`);
  await server.stop();
  process.stdout.write(`${lines.join('\n')}\n`);
  cleanup.runAll();
};

try {
  await main();
} catch (error) {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  cleanup.runAll();
  process.exit(1);
}

// Issue 15: how long after a link-up a tool puts payload on the wire again. As root:
// `npx tsx bench/lab/measureLinkUp.ts [--tools depot,rclone,aws-cli] [--cuts 5] [--down-s 5]
// [--depot-bundles before=dist/variants/before.mjs,after=dist/cli/depot.mjs]`: with bundles, one
// Depot per bundle (built by `npm run build:cli` at the commits compared, kept under dist/), in
// turn in the same run as the peers.
// How it measures: measureLinkUpDelays.ts; `npm run bench -- --parts linkup` runs the same beside
// the other parts, with 5 s and 1 s cuts, and checks the 0.3 s target.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { depotNodeFlags } from '../depotNodeFlags';
import { startServerSide } from '../s3/ServerSide';
import { awsCliTool } from '../tools/awsCliTool';
import { depotTool } from '../tools/depotTool';
import { rcloneTool } from '../tools/rcloneTool';
import { createCleanup } from './Cleanup';
import { startLinkLab } from './LinkLab';
import { defaultLinkSettings } from './LinkSettings';
import { measureLinkUpDelays, type MeasuredTool } from './measureLinkUpDelays';

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

/** Depot as `bin/depot.js` runs it (same Node flags), from another bundle than the checkout's. */
const depotFromBundle = (label: string, bundle: string): MeasuredTool => {
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
  const lab = await startLinkLab(defaultLinkSettings, cleanup, log);
  const server = await startServerSide(lab, 'linkup', cleanup, log);
  const bundles = (values['depot-bundles'] ?? '')
    .split(',')
    .filter((b) => b !== '')
    .map((b) => b.split('='));
  const depots: MeasuredTool[] =
    bundles.length === 0
      ? [
          {
            name: 'depot',
            tool: depotTool({ partBytes: 5 * 1024 * 1024, partsInFlight: 4, version: '' }),
          },
        ]
      : bundles.map(([label, bundle]) => depotFromBundle(label ?? '', bundle ?? ''));
  const all: MeasuredTool[] = [
    ...depots,
    { name: 'rclone', tool: rcloneTool() },
    { name: 'aws-cli', tool: awsCliTool() },
  ];
  const lines: string[] = [`load average at start: ${loadAverage()}`];
  const wanted = (values.tools ?? '').split(',');
  const results = await measureLinkUpDelays({
    lab,
    server,
    tools: all.filter((t) => wanted.includes(t.tool.name)),
    workDir: work,
    cuts: Number(values.cuts),
    downS: [Number(values['down-s'])],
    cleanup,
    log,
  });
  for (const r of results) {
    const ok = r.cuts.flatMap((c) => (c.payloadMs === null ? [] : [c.payloadMs]));
    lines.push(
      `${r.tool}: ${ok.length}/${r.cuts.length} cuts, median ${(r.medianMs ?? NaN).toFixed(0)} ms, max ${(r.maxMs ?? NaN).toFixed(0)} ms (${r.cuts.map((c) => (c.payloadMs ?? NaN).toFixed(0)).join(', ')}); first request after link-up: ${r.cuts.map((c) => (c.firstRequest === null ? '-' : `${c.firstRequest.kind} ${c.firstRequest.ms} ms`)).join(', ')}`,
    );
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

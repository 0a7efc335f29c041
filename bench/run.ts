// The link lab and the benchmarks (issue 5): `npm run bench [-- --quick]`. Needs root, gcc,
// libnetfilter-queue-dev, radosgw, rclone and the AWS CLI (scripts/install-system-deps.sh).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createCleanup } from './lab/Cleanup';
import { startLinkLab } from './lab/LinkLab';
import { defaultLinkSettings } from './lab/LinkSettings';
import { harshProfile, mildProfile } from './lab/linkProfiles';
import { measureLink } from './lab/measureLink';
import { makeNight } from './night';
import { runTool } from './runTool';
import { startServerSide } from './s3/ServerSide';
import { awsCliTool } from './tools/awsCliTool';
import { rcloneTool } from './tools/rcloneTool';
import type { Tool } from './tools/Tool';
import type { ToolRunResult } from './ToolRunResult';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    seed: { type: 'string', default: '5' },
    tools: { type: 'string', default: 'depot,rclone,aws-cli' },
    profiles: { type: 'string', default: 'mild,harsh' },
  },
});

const log = (line: string): void => {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
};

const cleanup = createCleanup(log);

const main = async (): Promise<void> => {
  const quick = values.quick === true;
  const seed = Number(values.seed);
  const work = mkdtempSync(join(tmpdir(), 'depot-bench-'));
  cleanup.add('bench temp dir', () => rmSync(work, { recursive: true, force: true }));

  log('night: generating');
  const night = await makeNight(join(work, 'night'), {
    files: quick ? 12 : 250,
    totalBytes: quick ? 30e6 : 1e9,
    seed,
  });
  log(`night: ${night.files} files, ${(night.bytes / 1e6).toFixed(1)} MB`);

  const lab = await startLinkLab(defaultLinkSettings, cleanup, log);
  log(`lab: ${lab.clientNs} (${lab.clientAddr}) <-> ${lab.serverNs} (${lab.serverAddr})`);
  const check = await measureLink(lab, quick ? 6 : 10, cleanup);
  log(
    `lab: ${check.rateMbit.toFixed(2)} Mbit/s, RTT ${check.rttMs.toFixed(1)} ms, loss ${check.lossPercent.toFixed(2)} %`,
  );

  const server = await startServerSide(lab, 'bench', cleanup, log);
  log(`server: ${server.endpoint}`);

  const nominalS = (night.bytes * 8) / (check.rateMbit * 1e6);
  const outageS = quick ? 60 : 180;
  const profileOptions = {
    base: defaultLinkSettings,
    horizonS: nominalS * 6 + outageS,
    seed,
    outageAtS: Math.round(nominalS / 2),
    outageS,
  };
  const profiles = [mildProfile(profileOptions), harshProfile(profileOptions)].filter((p) =>
    (values.profiles ?? '').split(',').includes(p.name),
  );
  const tools: Tool[] = [rcloneTool(), awsCliTool()].filter((t) =>
    (values.tools ?? '').split(',').includes(t.name),
  );
  const results: ToolRunResult[] = [];
  for (const profile of profiles) {
    log(`profile ${profile.name}: ${profile.description}`);
    for (const tool of tools) {
      log(`${tool.name} on ${profile.name}`);
      const result = await runTool({
        lab,
        server,
        tool,
        profile,
        nightDir: night.dir,
        manifestFile: night.manifestFile,
        payloadBytes: night.bytes,
        linkMbit: check.rateMbit,
        workDir: work,
        maxRuns: 5,
        timeLimitS: nominalS * 5 + outageS + 120,
        cleanup,
        log,
      });
      results.push(result);
      log(`  ${JSON.stringify({ ...result, cuts: result.cuts.length })}`);
    }
  }
  await server.stop();
  cleanup.runAll();
};

try {
  await main();
} catch (error) {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  cleanup.runAll();
  process.exit(1);
}

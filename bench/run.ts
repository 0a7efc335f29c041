// The link lab and the benchmarks (issue 5): `npm run bench [-- --quick]`, as root. Needs gcc,
// libnetfilter-queue-dev, iproute2, nftables, iptables, radosgw, rclone and the AWS CLI
// (scripts/install-system-deps.sh). Writes bench/results/<stamp>-<mode>.{json,md} and README's table.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, release, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { measureAmplification } from './amplification/measureAmplification';
import { checkFastTargets, measureFastLink } from './fast/measureFastLink';
import type { FastRun } from './fast/FastRun';
import type { AmplificationResult, BenchResults, HashResult, ResourceResult } from './BenchResults';
import { defaultEngineSettings } from '../electron/engine/EngineSettings';
import { createCleanup } from './lab/Cleanup';
import { claimResultsStamp } from './report/claimResultsStamp';
import { startLinkLab } from './lab/LinkLab';
import { defaultLinkSettings } from './lab/LinkSettings';
import { harshProfile, mildProfile } from './lab/linkProfiles';
import { measureLink } from './lab/measureLink';
import { measureLinkUpDelays, type LinkUpResult } from './lab/measureLinkUpDelays';
import { seededRandom } from '../shared/random/seededRandom';
import { measureFleetReality } from './fleet/measureFleetReality';
import { isFleetServerModel } from './fleet/fleetServerModels';
import { runFleetPart } from './fleet/runFleetPart';
import { makeNight } from './night';
import { checkTargets } from './report/checkTargets';
import { interpret } from './report/interpret';
import { renderMarkdown } from './report/renderMarkdown';
import { updateReadme } from './report/updateReadme';
import { measureDepotBaseline, measureDepotResources } from './resources/measureDepotResources';
import { measureHashing } from './resources/measureHashing';
import { checkRedepositTargets, measureRedeposit } from './redeposit/measureRedeposit';
import type { RedepositResult } from './redeposit/measureRedeposit';
import { runPortalPart } from './portal/runPortalPart';
import { runTool } from './runTool';
import { startServerSide } from './s3/ServerSide';
import { awsCliTool } from './tools/awsCliTool';
import { depotTool } from './tools/depotTool';
import { rcloneTool } from './tools/rcloneTool';
import type { Tool } from './tools/Tool';
import type { ToolRunResult } from './ToolRunResult';

const ROOT = new URL('..', import.meta.url).pathname;
const MIB = 1024 * 1024;

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    seed: { type: 'string', default: '5' },
    tools: { type: 'string', default: 'depot,rclone,aws-cli' },
    profiles: { type: 'string', default: 'mild,harsh' },
    parts: {
      type: 'string',
      default: 'fast,link,kills,redeposit,linkup,amplification,resources',
    },
    'no-readme': { type: 'boolean', default: false },
    /** radosgw without its access log (no request counts), to see what the logging costs. */
    'no-server-log': { type: 'boolean', default: false },
    /** Passed to `depot deposit --concurrency` (default: Depot's own default). */
    'depot-concurrency': { type: 'string' },
    /** Passed to `depot deposit --part-size`, in MiB (default: Depot's own default). */
    'depot-part-mib': { type: 'string' },
    /** Every HTTP request of Depot's runs appended to this file (bench/requestLog.mjs). */
    'depot-request-log': { type: 'string' },
    /** Simulated Depots of the fleet part (`--parts fleet`), comma-separated for several runs. */
    'fleet-clients': { type: 'string', default: '1000' },
    /** Fleet variants simulated at once, one process each (default: one per core). */
    'fleet-jobs': { type: 'string' },
    /** Only these fleet variants, comma-separated (the no-outage baseline always runs). */
    'fleet-variants': { type: 'string' },
    /** The fleet's server, comma-separated for several runs: queue (issue 16's), slowdown. */
    'fleet-server': { type: 'string', default: 'queue' },
  },
});

const log = (line: string): void => {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
};

const cleanup = createCleanup(log);
/** The parts that run in the link lab (network namespaces, shaped link, radosgw inside). */
const LAB_PARTS = ['link', 'kills', 'redeposit', 'linkup', 'amplification', 'resources', 'portal'];
const wanted = (list: string | undefined, name: string): boolean =>
  (list ?? '').split(',').includes(name);

const depotVersion = (): string => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  let commit = '';
  try {
    commit = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    // Not a checkout.
  }
  return `${pkg.version}${commit === '' ? '' : ` (${commit})`}, bundled CLI`;
};

const main = async (): Promise<void> => {
  const quick = values.quick === true;
  const seed = Number(values.seed);
  const startedAt = new Date();
  if (wanted(values.parts, 'fleet')) {
    // Virtual time only: no lab, no server, no root; alone, it ends the bench here.
    const resultsDir = join(ROOT, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    const stamp = startedAt.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    const servers = (values['fleet-server'] ?? 'queue').split(',');
    const unknown = servers.filter((s) => !isFleetServerModel(s));
    if (unknown.length > 0) throw new Error(`--fleet-server: no server "${unknown.join(', ')}"`);
    for (const clients of (values['fleet-clients'] ?? '1000').split(',').map(Number)) {
      for (const server of servers.filter(isFleetServerModel)) {
        const jobs = Number(values['fleet-jobs'] ?? cpus().length);
        const only = values['fleet-variants']?.split(',');
        const fleet = await runFleetPart({
          clients,
          seed,
          resultsDir,
          stamp,
          log,
          jobs,
          server,
          ...(only === undefined ? {} : { variants: only }),
        });
        process.stdout.write(`${fleet.markdown}\n`);
      }
    }
  }
  if (wanted(values.parts, 'fleet-reality')) {
    log(
      `cli: ${execFileSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], { encoding: 'utf8' }).trim()}`,
    );
    const realityDir = mkdtempSync(join(tmpdir(), 'depot-fleet-reality-'));
    cleanup.add('fleet reality dir', () => rmSync(realityDir, { recursive: true, force: true }));
    const reality = await measureFleetReality({
      clients: 10,
      runs: 3,
      seed,
      workDir: realityDir,
      cleanup,
      log,
    });
    const resultsDir = join(ROOT, 'bench/results');
    const stem = claimResultsStamp(
      resultsDir,
      `${startedAt.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}-fleet-reality`,
    );
    writeFileSync(join(resultsDir, `${stem}.json`), `${JSON.stringify(reality, null, 2)}\n`);
    writeFileSync(join(resultsDir, `${stem}.md`), reality.markdown);
    process.stdout.write(`${reality.markdown}\n`);
  }
  // The fleet alone writes its own results: nothing else to run, no bench results file.
  if (!['fast', ...LAB_PARTS].some((p) => wanted(values.parts, p))) {
    cleanup.runAll();
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'depot-bench-'));
  cleanup.add('bench temp dir', () => rmSync(work, { recursive: true, force: true }));

  // The command line as a user who ran `npm run build:cli` runs it (bin/depot.js falls back to
  // tsx without the bundle, ~30 MB more resident memory).
  log(
    `cli: ${execFileSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], { encoding: 'utf8' }).trim()}`,
  );
  const concurrency =
    values['depot-concurrency'] === undefined ? undefined : Number(values['depot-concurrency']);
  const partMib =
    values['depot-part-mib'] === undefined ? undefined : Number(values['depot-part-mib']);
  const depot = depotTool({
    partBytes: partMib === undefined ? defaultEngineSettings.partSize : partMib * MIB,
    partsInFlight: concurrency ?? defaultEngineSettings.concurrency,
    version: depotVersion(),
    ...(concurrency === undefined ? {} : { concurrency }),
    ...(partMib === undefined ? {} : { partMib }),
    ...(values['depot-request-log'] === undefined
      ? {}
      : { requestLog: resolve(values['depot-request-log']) }),
  });
  const allTools: Tool[] = [depot, rcloneTool(), awsCliTool()];
  const tools = allTools.filter((t) => wanted(values.tools, t.name));

  // The fast profile first, on its own server on 127.0.0.1: no lab, no shaping (issue 15).
  let fast: FastRun[] = [];
  if (wanted(values.parts, 'fast')) {
    log('fast: radosgw on 127.0.0.1, no shaping, page cache dropped before each tool');
    fast = await measureFastLink({ tools, quick, seed, work, cleanup, log });
  }
  if (!LAB_PARTS.some((part) => wanted(values.parts, part))) {
    finish({ startedAt, quick, seed, allTools, fast, lab: null });
    return;
  }

  log('night: generating');
  const night = await makeNight(join(work, 'night'), {
    files: quick ? 10 : 150,
    totalBytes: quick ? 14e6 : 1e9,
    seed,
    largeFiles: quick ? 1 : 0,
    largeBytes: 22e6,
  });
  log(
    `night: ${night.files} files, ${(night.bytes / 1e6).toFixed(1)} MB, largest ${(night.largestBytes / 1e6).toFixed(1)} MB`,
  );

  const lab = await startLinkLab(defaultLinkSettings, cleanup, log);
  log(`lab: ${lab.clientNs} (${lab.clientAddr}) <-> ${lab.serverNs} (${lab.serverAddr})`);
  const check = await measureLink(lab, quick ? 8 : 15, cleanup);
  log(
    `lab: ${check.rateMbit.toFixed(2)} Mbit/s, RTT ${check.rttMs.toFixed(1)} ms, loss ${check.lossPercent.toFixed(2)} %`,
  );

  const server = await startServerSide(
    lab,
    'bench',
    cleanup,
    log,
    values['no-server-log'] !== true,
  );
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
    wanted(values.profiles, p.name),
  );
  const runs: ToolRunResult[] = [];
  const common = {
    lab,
    server,
    nightDir: night.dir,
    manifestFile: night.manifestFile,
    payloadBytes: night.bytes,
    linkMbit: check.rateMbit,
    workDir: work,
    cleanup,
    log,
  };
  const report = (r: ToolRunResult): void =>
    log(
      `  ${r.tool}/${r.profile}/${r.scenario}: exits ${r.exitCodes.join(',')}, ${r.verify?.verified}/${r.verify?.files} verified, ${r.verify?.openMultipartUploads} open, ${r.wallS.toFixed(0)} s, goodput ${r.goodputFraction.toFixed(3)} (up-time ${r.goodputFractionUpTime.toFixed(3)}), re-sent ${(r.resentBytes / 1e6).toFixed(2)} MB`,
    );

  if (wanted(values.parts, 'link')) {
    for (const profile of profiles) {
      log(`profile ${profile.name}: ${profile.description}`);
      for (const tool of tools) {
        log(`${tool.name} on ${profile.name}`);
        const r = await runTool({
          ...common,
          tool,
          profile,
          maxRuns: 5,
          timeLimitS: nominalS * 5 + outageS + 120,
        });
        runs.push(r);
        report(r);
      }
    }
  }

  if (wanted(values.parts, 'kills')) {
    const mild = mildProfile(profileOptions);
    for (const tool of tools) {
      const count = tool.name === 'depot' ? (quick ? 5 : 8) : 2;
      const random = seededRandom(seed + 101);
      // Spread over the transfer, with a few seconds per restart for the tool to get going again.
      const killAtS = Array.from(
        { length: count },
        (_, i) => nominalS * ((i + 0.3 + 0.4 * random.next()) / count) * 0.9 + i * 3,
      );
      log(`${tool.name}: kill -9 at ${killAtS.map((s) => s.toFixed(0)).join(', ')} s (mild link)`);
      const r = await runTool({
        ...common,
        tool,
        profile: mild,
        killAtS,
        maxRuns: count + 5,
        timeLimitS: nominalS * 5 + 120,
      });
      runs.push(r);
      report(r);
    }
  }

  if (wanted(values.parts, 'portal')) {
    // Not in the default parts: `--parts portal` (issue 33), its own results file.
    const resultsDir = join(ROOT, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    const stem = claimResultsStamp(
      resultsDir,
      `${startedAt.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}-${quick ? 'quick' : 'full'}-portal`,
    );
    const portal = await runPortalPart({
      lab,
      server,
      depot,
      linkMbit: check.rateMbit,
      quick,
      seed,
      workDir: work,
      resultsFile: join(resultsDir, stem),
      cleanup,
      log,
    });
    process.stdout.write(`${portal.markdown}\nResults: bench/results/${stem}.{json,md}\n`);
  }

  let redeposit: RedepositResult[] = [];
  if (wanted(values.parts, 'redeposit')) {
    log('re-deposit: each tool deposits the night, then again from fresh local state (mild link)');
    redeposit = await measureRedeposit(
      common,
      tools,
      mildProfile(profileOptions),
      nominalS * 5 + 120,
    );
  }

  let linkUp: LinkUpResult[] = [];
  if (wanted(values.parts, 'linkup')) {
    log('link-up: payload on the wire again after 5 s and 1 s cuts, each tool in turn');
    linkUp = await measureLinkUpDelays({
      lab,
      server,
      tools: tools.map((tool) => ({ name: tool.name, tool })),
      workDir: work,
      cuts: quick ? 3 : 5,
      downS: [5, 1],
      cleanup,
      log,
    });
  }

  let amplification: AmplificationResult[] = [];
  if (wanted(values.parts, 'amplification')) {
    log('amplification: Depot retry layer vs the SDK default retries, 503 and unreachable');
    amplification = await measureAmplification({
      target: server.endpoint,
      region: server.region,
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
      bucket: server.bucket,
      intervalMs: 500,
      healthyS: quick ? 20 : 60,
      windowS: quick ? 60 : 600,
      recoveryS: quick ? 10 : 30,
      log,
    });
    for (const a of amplification)
      log(
        `  ${a.client}/${a.mode}: ${a.requestsInWindow} in window (${a.ratio.toFixed(2)} x nominal), ${a.note}`,
      );
    await server.purge('amp/');
  }

  const resources: ResourceResult[] = [];
  let hashing: HashResult | null = null;
  if (wanted(values.parts, 'resources')) {
    const baselineDir = join(work, 'res-baseline');
    mkdirSync(baselineDir, { recursive: true });
    const baseline = await measureDepotBaseline(baselineDir, cleanup);
    resources.push(baseline);
    log(`resources: baseline peak RSS ${baseline.peakRssMB.toFixed(0)} MB`);
    for (const spec of [
      {
        name: '10,000-file plan',
        files: 10_000,
        totalBytes: quick ? 40e6 : 400e6,
        sizes: 'small' as const,
      },
      {
        name: 'large files',
        files: quick ? 4 : 12,
        totalBytes: quick ? 200e6 : 600e6,
        sizes: 'large' as const,
      },
    ]) {
      const dir = join(work, `res-${spec.files}`);
      log(`resources: ${spec.name}: generating`);
      const n = await makeNight(dir, {
        files: spec.files,
        totalBytes: spec.totalBytes,
        seed: seed + 7,
        sizes: spec.sizes,
      });
      if (spec.sizes === 'large') {
        hashing = await measureHashing(dir);
        log(
          `  hashing: depot ${hashing.depotMBps.toFixed(0)} MB/s, sha256sum ${hashing.sha256sumMBps.toFixed(0)} MB/s`,
        );
      }
      const stateDir = join(work, `res-state-${spec.files}`);
      mkdirSync(stateDir, { recursive: true });
      const prefix = `resources-${spec.files}/`;
      const r = await measureDepotResources(
        spec.name,
        {
          endpoint: server.endpoint,
          region: server.region,
          accessKeyId: server.accessKeyId,
          secretAccessKey: server.secretAccessKey,
          bucket: server.bucket,
          prefix,
          nightDir: dir,
          stateDir,
        },
        n,
        cleanup,
        quick ? 900 : 3600,
      );
      resources.push(r);
      log(
        `  ${spec.name}: exit ${r.exitCode}, ${r.wallS.toFixed(0)} s, peak RSS ${r.peakRssMB.toFixed(0)} MB, ${r.cpuS.toFixed(1)} CPU s`,
      );
      await server.purge(prefix);
      rmSync(dir, { recursive: true, force: true });
    }
  }

  await server.stop();
  finish({
    startedAt,
    quick,
    seed,
    allTools,
    fast,
    lab: {
      link: { settings: defaultLinkSettings, check },
      night: { files: night.files, bytes: night.bytes, largestBytes: night.largestBytes },
      profiles: profiles.map((p) => ({ name: p.name, description: p.description })),
      runs,
      amplification,
      resources,
      hashing,
      redeposit,
      linkUp,
    },
  });
};

/** Targets, results files, README's table. */
const finish = (r: {
  startedAt: Date;
  quick: boolean;
  seed: number;
  allTools: readonly Tool[];
  fast: readonly FastRun[];
  lab: Pick<
    BenchResults,
    | 'link'
    | 'night'
    | 'profiles'
    | 'runs'
    | 'amplification'
    | 'resources'
    | 'hashing'
    | 'redeposit'
    | 'linkUp'
  > | null;
}): void => {
  const lab = r.lab ?? {
    link: null,
    night: null,
    profiles: [],
    runs: [],
    amplification: [],
    resources: [],
    hashing: null,
    redeposit: [],
    linkUp: [],
  };
  const targets = [
    ...checkFastTargets(r.fast),
    ...checkTargets(lab.runs, lab.amplification, lab.resources, lab.hashing, lab.linkUp),
    ...checkRedepositTargets(lab.redeposit),
  ];
  const startedAt = r.startedAt;
  const results: BenchResults = {
    startedAt: startedAt.toISOString(),
    mode: r.quick ? 'quick' : 'full',
    seed: r.seed,
    machine: {
      cpus: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memoryGB: Math.round(totalmem() / 1e9),
      kernel: release(),
      node: process.version,
    },
    versions: Object.fromEntries(r.allTools.map((t) => [t.name, t.version])),
    ...lab,
    fast: r.fast,
    targets,
    interpretation: interpret(targets),
    durationS: (Date.now() - startedAt.getTime()) / 1000,
  };
  const resultsDir = join(ROOT, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const stamp = claimResultsStamp(
    resultsDir,
    `${startedAt.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}-${results.mode}`,
  );
  const markdown = renderMarkdown(results);
  writeFileSync(join(resultsDir, `${stamp}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(resultsDir, `${stamp}.md`), `# Depot benchmark ${stamp}\n\n${markdown}`);
  if (values['no-readme'] !== true) updateReadme(join(ROOT, 'README.md'), markdown);
  process.stdout.write(`${markdown}\nResults: bench/results/${stamp}.{json,md}\n`);
  cleanup.runAll();
};

try {
  await main();
} catch (error) {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  cleanup.runAll();
  process.exit(1);
}

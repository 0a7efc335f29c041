import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimResultsStamp } from '../report/claimResultsStamp';
import { defaultRetrySettings } from '../../shared/retry/RetrySettings';
import { fleetFigures, fleetTargets, type FleetTarget, type VariantFigures } from './fleetFigures';
import { queueBoundS, type FleetServerModel } from './fleetServerModels';
import { fleetVariants } from './fleetVariants';
import { renderFleetSvg, renderFleetText } from './renderFleetPlot';
import { simulateFleet, type FleetRun, type FleetSettings } from './simulateFleet';

export type FleetPartOptions = {
  readonly clients: number;
  readonly seed: number;
  readonly resultsDir: string;
  /** File stem under resultsDir (the bench's claimed stamp). */
  readonly stamp: string;
  readonly log: (line: string) => void;
  /** Variants simulated at once, each in its own process (1: in this one). */
  readonly jobs: number;
  /** Only these variants (the baseline always runs): a 10,000-client run on a busy machine. */
  readonly variants?: readonly string[];
  /** The server's answer to overload (fleetServerModels): issue 16's queue by default. */
  readonly server?: FleetServerModel;
};

export type FleetPartResult = {
  readonly settings: FleetSettings;
  readonly figures: readonly VariantFigures[];
  readonly targets: readonly FleetTarget[];
  readonly markdown: string;
};

const MIN = 60_000;

/**
 * The morning after a regional outage: volunteers start within two hours, the server has room
 * for about twice the fleet's normal busiest minute, and 45 minutes in it answers 503 with
 * Retry-After 30 s for 10 minutes, then is unreachable for 20 (ending 75 minutes in). Past its
 * queue's bound (10 s of work, or 1 s for the `slowdown` server) it answers SlowDown.
 */
export const fleetSettings = (
  clients: number,
  seed: number,
  server: FleetServerModel = 'queue',
): FleetSettings => {
  const capacityPerS = (100 * clients) / 1000;
  return {
    clients,
    seed,
    nightFiles: 100,
    morningMs: 120 * MIN,
    // 20 Mbit/s of uplink per volunteer (a good 4G link or a modest DSL).
    linkBytesPerS: 2.5e6,
    server: {
      capacityPerS,
      maxQueue: capacityPerS * queueBoundS[server],
      rttMs: 60,
      outage: { startMs: 45 * MIN, refusingMs: 10 * MIN, retryAfterS: 30, unreachableMs: 20 * MIN },
    },
    horizonMs: 24 * 60 * MIN,
    stopAtHorizon: true,
  };
};

/** Every variant, `jobs` at a time in child processes (the same code, the same figures). */
const runVariants = async (settings: FleetSettings, o: FleetPartOptions): Promise<FleetRun[]> => {
  const variants = fleetVariants.filter(
    (v) => o.variants === undefined || !v.outage || o.variants.includes(v.name),
  );
  if (o.jobs <= 1) {
    const runs: FleetRun[] = [];
    for (const variant of variants) {
      o.log(`fleet: ${o.clients} clients, ${variant.name}: ${variant.description}`);
      runs.push(await simulateFleet(settings, variant));
    }
    return runs;
  }
  const dir = mkdtempSync(join(tmpdir(), 'depot-fleet-'));
  try {
    const settingsFile = join(dir, 'settings.json');
    writeFileSync(settingsFile, JSON.stringify(settings));
    const worker = new URL('./fleetWorker.ts', import.meta.url).pathname;
    const queue = [...variants];
    const runs = new Map<string, FleetRun>();
    const lane = async (): Promise<void> => {
      for (let v = queue.shift(); v !== undefined; v = queue.shift()) {
        const variant = v;
        const out = join(dir, `${variant.name}.json`);
        o.log(`fleet: ${o.clients} clients, ${variant.name}: ${variant.description}`);
        // The same loader (tsx) as this process, through its exec arguments.
        const child = spawn(
          process.execPath,
          [...process.execArgv, worker, settingsFile, variant.name, out],
          { stdio: ['ignore', 'inherit', 'inherit'] },
        );
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        if (code !== 0) throw new Error(`fleet worker ${variant.name} exited ${code}`);
        runs.set(variant.name, JSON.parse(readFileSync(out, 'utf8')) as FleetRun);
        o.log(`  ${variant.name}: ${runs.get(variant.name)?.wallS.toFixed(1)} s wall`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(o.jobs, variants.length) }, lane));
    return variants.map((v) => {
      const run = runs.get(v.name);
      if (run === undefined) throw new Error(`no run for ${v.name}`);
      return run;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const row = (cells: readonly (string | number)[]): string => `| ${cells.join(' | ')} |`;

export const runFleetPart = async (o: FleetPartOptions): Promise<FleetPartResult> => {
  const server = o.server ?? 'queue';
  const settings = fleetSettings(o.clients, o.seed, server);
  const outage = settings.server.outage;
  if (outage === undefined) throw new Error('the fleet part needs an outage');
  const w = {
    outageStartS: outage.startMs / 1000,
    outageEndS: (outage.startMs + outage.refusingMs + outage.unreachableMs) / 1000,
    capacityPerS: settings.server.capacityPerS,
  };
  const runs = await runVariants(settings, o);
  const figures = runs.map((r) => fleetFigures(r, w));
  const baselineRun = runs.find((r) => r.variant === 'depot-no-outage');
  const baseline = figures.find((f) => f.variant === 'depot-no-outage');
  if (baselineRun === undefined || baseline === undefined) throw new Error('no baseline run');
  const start = baselineRun.startedAt;
  const activeInOutage = baselineRun.clients.filter(
    (c) => c.startAt < start + w.outageEndS * 1000 && c.verifiedAt > start + w.outageStartS * 1000,
  ).length;
  const targets = fleetTargets(
    figures,
    { ...baseline, activeInOutage },
    { ...w, budgetCapacity: defaultRetrySettings.budget.capacity },
  );
  const text = renderFleetText(
    runs.map((r) => ({ name: r.variant, received: r.series.received })),
    w,
  );
  // Claimed (created exclusively) so that two runs in one minute never overwrite each other.
  const stem = claimResultsStamp(
    o.resultsDir,
    `${o.stamp}-fleet-${o.clients}${server === 'queue' ? '' : `-${server}`}`,
  );
  const svgFile = `${stem}.svg`;
  writeFileSync(
    join(o.resultsDir, svgFile),
    renderFleetSvg(
      runs.map((r) => ({ name: r.variant, received: r.series.received })),
      w,
      `Depot fleet of ${o.clients}, seed ${o.seed}, ${server} server`,
    ),
  );
  const markdown = [
    `## Fleet: ${o.clients} Depots against one server (seed ${o.seed}, ${server} server, simulated)`,
    '',
    `${o.clients} volunteers start within ${settings.morningMs / MIN} min, each with a night of ${settings.nightFiles} recordings (synthNight sizes) over ${(settings.linkBytesPerS * 8) / 1e6} Mbit/s; the server answers ${w.capacityPerS} requests/s (queue ${settings.server.maxQueue}, ${queueBoundS[server]} s of work, then 503 SlowDown without Retry-After); outage from ${w.outageStartS / 60} min: ${outage.refusingMs / MIN} min of 503 + Retry-After ${outage.retryAfterS} s, then ${outage.unreachableMs / MIN} min unreachable.`,
    '',
    row([
      'variant',
      'requests',
      'refused',
      'in outage',
      'outage peak/s',
      'peak/s after',
      'peak / capacity',
      '1st min / capacity',
      's above capacity',
      'refused after',
      'circuits opened after',
      'gave up after (budget/quota)',
      'drain s',
      'morning s',
      'goodput MB/s after',
      'retries/client',
      'max retries/bound',
      'over bound',
      'wall s',
    ]),
    row(Array.from({ length: 19 }, () => '---')),
    ...figures.map((f) =>
      row([
        f.variant,
        f.requests,
        f.refused,
        f.outageRequests,
        f.outagePeakPerS,
        f.peakAfterPerS,
        f.peakAfterOverCapacity.toFixed(2),
        f.firstMinuteOverCapacity.toFixed(2),
        f.aboveCapacityS,
        f.refusedAfter,
        f.circuitOpensAfter,
        `${f.giveUpsAfter} (${f.budgetGiveUpsAfter})`,
        Number.isFinite(f.drainS)
          ? f.drainS.toFixed(0)
          : `never (${f.unverified} nights; the others ${f.drainVerifiedS.toFixed(0)})`,
        Number.isFinite(f.morningS) ? f.morningS.toFixed(0) : 'never',
        f.goodputMBps.toFixed(1),
        f.meanRetries.toFixed(1),
        f.maxRetryShare.toFixed(2),
        f.clientsOverBound,
        f.wallS.toFixed(1),
      ]),
    ),
    '',
    ...targets.map((t) => `- ${t.pass ? 'PASS' : 'MISS'} ${t.name}: ${t.detail}`),
    '',
    '```',
    text,
    '```',
    '',
    `Plot: bench/results/${svgFile}`,
    '',
  ].join('\n');
  writeFileSync(
    join(o.resultsDir, `${stem}.json`),
    `${JSON.stringify({ settings, figures, targets, perSecond: runs.map((r) => ({ variant: r.variant, ...r.series, ...r.tally })) })}\n`,
  );
  writeFileSync(join(o.resultsDir, `${stem}.md`), `# ${markdown}`);
  return { settings, figures, targets, markdown };
};

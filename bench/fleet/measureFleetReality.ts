import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { synthNight } from '../../electron/field/synthNight';
import { fault, s3Request, startFaultProxy } from '../../test/support/faultProxy';
import {
  startS3Server,
  TEST_ACCESS_KEY_ID,
  TEST_REGION,
  TEST_SECRET_ACCESS_KEY,
} from '../../test/support/s3server/startS3Server';
import { startCountingRelay } from '../amplification/countingRelay';
import type { Cleanup } from '../lab/Cleanup';
import { killGroup } from '../lab/Cleanup';
import { fleetVariants } from './fleetVariants';
import { fleetStart, simulateFleet, type FleetSettings } from './simulateFleet';

const ROOT = new URL('../..', import.meta.url).pathname;

export type RealityOptions = {
  readonly clients: number;
  readonly runs: number;
  readonly seed: number;
  readonly workDir: string;
  readonly cleanup: Cleanup;
  readonly log: (line: string) => void;
};

/** The small-scale outage, in seconds from the first start. */
const SHAPE = {
  staggerS: 2,
  outageAtS: 15,
  refusingS: 30,
  retryAfterS: 10,
  unreachableS: 30,
  recoveryS: 30,
  filesPerNight: 12,
  nightBytes: 40e6,
  bwlimitBytesPerS: 2 * 1024 * 1024,
} as const;

const PHASES = [
  { name: 'before', from: 0, to: SHAPE.outageAtS },
  { name: '503', from: SHAPE.outageAtS, to: SHAPE.outageAtS + SHAPE.refusingS },
  {
    name: 'unreachable',
    from: SHAPE.outageAtS + SHAPE.refusingS,
    to: SHAPE.outageAtS + SHAPE.refusingS + SHAPE.unreachableS,
  },
  {
    name: 'recovery',
    from: SHAPE.outageAtS + SHAPE.refusingS + SHAPE.unreachableS,
    to: SHAPE.outageAtS + SHAPE.refusingS + SHAPE.unreachableS + SHAPE.recoveryS,
  },
] as const;

export type PhaseRates = Readonly<Record<(typeof PHASES)[number]['name'], number>>;

export type RealityResult = {
  readonly clients: number;
  /** Requests per second in each phase, one entry per real run. */
  readonly real: readonly PhaseRates[];
  /** The same from the simulation of the same nights, one entry per seed. */
  readonly simulated: readonly PhaseRates[];
  readonly agree: boolean;
  /** Requests by S3 operation, real (first run) and simulated (first seed). */
  readonly operations: {
    readonly real: Readonly<Record<string, number>>;
    readonly simulated: Readonly<Record<string, number>>;
  };
  /** The same per phase: where the two disagree, which requests make the difference. */
  /** Per real run, when each client began sending (ms from the run's start). */
  readonly realStartsMs: readonly (readonly number[])[];
  readonly operationsByPhase: {
    readonly real: Readonly<Record<string, Readonly<Record<string, number>>>>;
    readonly simulated: Readonly<Record<string, Readonly<Record<string, number>>>>;
  };
  readonly markdown: string;
};

/** The S3 operation of a request as the proxy saw it. */
const operationOf = (e: { method: string; path: string; query: string }): string => {
  const q = new URLSearchParams(e.query);
  const onBucket = e.path.split('/').filter((x) => x !== '').length <= 1;
  if (e.method === 'HEAD') return onBucket ? 'HeadBucket' : 'HeadObject';
  if (e.method === 'PUT') return q.has('partNumber') ? 'UploadPart' : 'PutObject';
  if (e.method === 'POST')
    return q.has('uploadId') ? 'CompleteMultipartUpload' : 'CreateMultipartUpload';
  if (e.method === 'DELETE') return 'AbortMultipartUpload';
  if (q.has('uploads')) return 'ListMultipartUploads';
  if (q.has('uploadId')) return 'ListParts';
  return q.has('list-type') ? 'ListObjectsV2' : `${e.method}`;
};

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const phaseOf = (t: number, t0: number): string | undefined =>
  PHASES.find((p) => t - t0 >= p.from * 1000 && t - t0 < p.to * 1000)?.name;

/** Requests per phase and operation. */
const byPhase = (
  arrivals: readonly { readonly at: number; readonly operation: string }[],
  t0: number,
): Record<string, Record<string, number>> => {
  const out: Record<string, Record<string, number>> = {};
  for (const a of arrivals) {
    const phase = phaseOf(a.at, t0);
    if (phase === undefined) continue;
    const ops = (out[phase] ??= {});
    ops[a.operation] = (ops[a.operation] ?? 0) + 1;
  }
  return out;
};

/**
 * When each client began sending, from the run's start. A process needs a moment to start, probe
 * and plan (longer on a busy machine), which the simulation does not have. A night's listing is
 * the first request that names its client (the probe and the HeadBucket before it name only the
 * bucket): a client whose listing arrived before the outage began at its spawn plus that delay
 * (the listing follows the probe by a few milliseconds); a client spawned in the outage, whose
 * checks then waited for the server, at its spawn plus the others' mean delay.
 */
const clientStarts = (
  log: readonly { time: number; path: string; query: string }[],
  run: number,
  clients: number,
  t0: number,
): number[] => {
  const spawn = (i: number): number => i * SHAPE.staggerS * 1000;
  const delays = Array.from({ length: clients }, (_, i) => {
    const own = `run${run}/client${i}/`;
    const first = log.find((e) => decodeURIComponent(`${e.path}${e.query}`).includes(own));
    const at = first === undefined ? Infinity : first.time - t0;
    return at < SHAPE.outageAtS * 1000 ? at - spawn(i) : undefined;
  });
  const known = delays.filter((d): d is number => d !== undefined);
  const mean = known.length === 0 ? 0 : known.reduce((a, d) => a + d, 0) / known.length;
  return delays.map((d, i) => spawn(i) + (d ?? mean));
};

const rates = (times: readonly number[], t0: number): PhaseRates => {
  const out: Record<string, number> = {};
  for (const p of PHASES) {
    const n = times.filter((t) => t - t0 >= p.from * 1000 && t - t0 < p.to * 1000).length;
    out[p.name] = n / (p.to - p.from);
  }
  return out as PhaseRates;
};

/**
 * The simulation side of the check: simulation k starts each night when real run k's clients
 * began sending, and draws with seed + k. Apart, so that a model change can be checked against
 * real runs already recorded (their starts are in the results' realStartsMs).
 */
export const simulateReality = async (
  clients: number,
  seed: number,
  sizes: readonly (readonly number[])[],
  realStarts: readonly (readonly number[])[],
): Promise<{
  simulated: PhaseRates[];
  simulatedOperations: Readonly<Record<string, number>>;
  simulatedByPhase: Record<string, Record<string, number>>;
}> => {
  const simulated: PhaseRates[] = [];
  let simulatedOperations: Readonly<Record<string, number>> = {};
  let simulatedByPhase: Record<string, Record<string, number>> = {};
  const settings = (runSeed: number): FleetSettings => ({
    clients,
    seed: runSeed,
    nightFiles: SHAPE.filesPerNight,
    morningMs: clients * SHAPE.staggerS * 1000,
    linkBytesPerS: SHAPE.bwlimitBytesPerS,
    // radosgw on loopback: far from saturated by ten clients at 2 MiB/s each.
    server: {
      capacityPerS: 200,
      maxQueue: 2_000,
      rttMs: 5,
      outage: {
        startMs: SHAPE.outageAtS * 1000,
        refusingMs: SHAPE.refusingS * 1000,
        retryAfterS: SHAPE.retryAfterS,
        unreachableMs: SHAPE.unreachableS * 1000,
      },
    },
    horizonMs: 3_600_000,
    cliOnLoopback: true,
    keepArrivals: true,
  });
  const depot = fleetVariants.find((v) => v.name === 'depot');
  if (depot === undefined) throw new Error('no depot variant');
  for (const [k, starts] of realStarts.entries()) {
    const run = await simulateFleet(
      settings(seed + k),
      depot,
      sizes.map((n, i) => {
        // clientStarts gives one start per client, and there is one night per client.
        const start = starts[i];
        if (start === undefined) throw new RangeError(`run ${k}: no start for client ${i}`);
        return { startAt: fleetStart + start, sizes: n };
      }),
    );
    const times: number[] = [];
    run.series.received.forEach((n, s) => {
      for (let j = 0; j < n; j++) times.push(run.startedAt + s * 1000);
    });
    simulated.push(rates(times, run.startedAt));
    if (k === 0) {
      simulatedOperations = run.operations;
      simulatedByPhase = byPhase(run.arrivals, run.startedAt);
    }
  }
  return { simulated, simulatedOperations, simulatedByPhase };
};

/**
 * Issue 16's check against reality: `clients` real Depot CLI processes (the bundle), each with its
 * own night, started `staggerS` apart, against the real radosgw through the fault proxy, which
 * answers 503 + Retry-After and then (the relay in front of it resetting every connection) is
 * unreachable; requests received per phase are compared with the simulation of the same nights.
 * Only 127.0.0.1 traffic.
 */
export const measureFleetReality = async (o: RealityOptions): Promise<RealityResult> => {
  const nights: { dir: string; sizes: number[] }[] = [];
  for (let i = 0; i < o.clients; i++) {
    const dir = join(o.workDir, `night-${i}`);
    await synthNight(dir, {
      files: SHAPE.filesPerNight,
      totalBytes: SHAPE.nightBytes,
      seed: o.seed * 100 + i,
    });
    nights.push({ dir, sizes: readdirSync(dir).map((f) => statSync(join(dir, f)).size) });
  }
  const server = await startS3Server({ log: (line) => o.log(`  s3: ${line}`) });
  const stopServer = o.cleanup.add('fleet reality radosgw', () => void server.stop());
  const bucket = 'fleet-reality';
  await server.createBucket(bucket);
  const real: PhaseRates[] = [];
  /** Per real run, when each client began sending, from the run's start (`clientStarts`). */
  const realStarts: number[][] = [];
  const realOperations: Record<string, number> = {};
  let realByPhase: Record<string, Record<string, number>> = {};
  try {
    for (let run = 0; run < o.runs; run++) {
      const proxy = await startFaultProxy({ target: server.endpoint });
      const relay = await startCountingRelay(proxy.port);
      const t0 = Date.now();
      const exits: Promise<number | null>[] = [];
      const timers: NodeJS.Timeout[] = [];
      const at = (s: number, f: () => void): void => {
        timers.push(setTimeout(f, Math.max(0, t0 + s * 1000 - Date.now())));
      };
      at(SHAPE.outageAtS, () => {
        proxy.addRule({
          match: s3Request.any,
          action: fault.status(503, {
            code: 'ServiceUnavailable',
            message: 'Service Unavailable',
            retryAfter: String(SHAPE.retryAfterS),
          }),
          times: Infinity,
        });
      });
      let downFrom = Infinity;
      let downTo = Infinity;
      at(SHAPE.outageAtS + SHAPE.refusingS, () => {
        proxy.clearRules();
        downFrom = Date.now();
        relay.setDown(true);
      });
      at(SHAPE.outageAtS + SHAPE.refusingS + SHAPE.unreachableS, () => {
        downTo = Date.now();
        relay.setDown(false);
      });
      for (const [i, night] of nights.entries()) {
        await sleep(Math.max(0, t0 + i * SHAPE.staggerS * 1000 - Date.now()));
        const state = join(o.workDir, `state-${run}-${i}`);
        mkdirSync(state, { recursive: true });
        const out = openSync(join(state, 'out.jsonl'), 'w');
        const child = spawn(
          process.execPath,
          [
            join(ROOT, 'bin/depot.js'),
            'deposit',
            night.dir,
            '--endpoint',
            relay.endpoint,
            '--bucket',
            bucket,
            '--prefix',
            `run${run}/client${i}/`,
            '--path-style',
            '--db',
            join(state, 'depot.sqlite'),
            '--json',
            '--bwlimit',
            `${SHAPE.bwlimitBytesPerS / 1024 / 1024}MiB/s`,
          ],
          {
            detached: true,
            stdio: ['ignore', out, out],
            env: {
              PATH: process.env.PATH ?? '/usr/bin:/bin',
              HOME: state,
              DEPOT_BUNDLE: 'always',
              AWS_ACCESS_KEY_ID: TEST_ACCESS_KEY_ID,
              AWS_SECRET_ACCESS_KEY: TEST_SECRET_ACCESS_KEY,
              AWS_REGION: TEST_REGION,
              AWS_DEFAULT_REGION: TEST_REGION,
            },
          },
        );
        closeSync(out);
        const unregister = o.cleanup.add(`fleet reality depot ${run}/${i}`, () =>
          killGroup(child.pid),
        );
        exits.push(
          new Promise((resolve) =>
            child.once('exit', (code) => {
              unregister();
              resolve(code);
            }),
          ),
        );
      }
      let limit: NodeJS.Timeout | undefined;
      const codes = await Promise.race([
        Promise.all(exits),
        new Promise<undefined>((resolve) => {
          limit = setTimeout(() => resolve(undefined), 900_000);
        }),
      ]);
      // A pending 15-minute timer would keep the bench alive after its last line.
      clearTimeout(limit);
      for (const t of timers) clearTimeout(t);
      relay.setDown(false);
      // While the relay resets connections nothing reaches the proxy: count connection attempts.
      const received = [
        ...proxy.log().map((e) => e.time),
        ...relay.connections().filter((t) => t >= downFrom && t < downTo),
      ];
      real.push(rates(received, t0));
      realStarts.push(clientStarts(proxy.log(), run, o.clients, t0));
      // The raw log, for reading one run request by request (the work dir is the caller's).
      writeFileSync(
        join(o.workDir, `proxy-log-${run}.json`),
        JSON.stringify({ t0, downFrom, downTo, log: proxy.log() }),
      );
      if (run === 0) {
        for (const e of proxy.log()) {
          const op = operationOf(e);
          realOperations[op] = (realOperations[op] ?? 0) + 1;
        }
        realOperations['connection attempts while down'] = received.length - proxy.log().length;
        realByPhase = byPhase(
          [
            ...proxy.log().map((e) => ({ at: e.time, operation: operationOf(e) })),
            ...relay
              .connections()
              .filter((t) => t >= downFrom && t < downTo)
              .map((at) => ({ at, operation: 'connection attempt while down' })),
          ],
          t0,
        );
      }
      o.log(
        `  real run ${run + 1}: exits ${codes?.join(',') ?? 'timed out'}, ${received.length} requests, per phase ${JSON.stringify(real[real.length - 1])}`,
      );
      await relay.close();
      await proxy.close();
    }
  } finally {
    stopServer();
    await server.stop();
  }

  const { simulated, simulatedOperations, simulatedByPhase } = await simulateReality(
    o.clients,
    o.seed,
    nights.map((n) => n.sizes),
    realStarts,
  );

  const lines: string[] = [];
  let agree = true;
  for (const p of PHASES) {
    const r = real.map((x) => x[p.name]);
    const s = simulated.map((x) => x[p.name]);
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    const spread = Math.max(Math.max(...r) - Math.min(...r), Math.max(...s) - Math.min(...s));
    const ok = Math.abs(mean(r) - mean(s)) <= spread;
    agree &&= ok;
    lines.push(
      `| ${p.name} (${p.from}-${p.to} s) | ${r.map((x) => x.toFixed(2)).join(', ')} | ${s.map((x) => x.toFixed(2)).join(', ')} | ${Math.abs(mean(r) - mean(s)).toFixed(2)} | ${spread.toFixed(2)} | ${ok ? 'yes' : 'no'} |`,
    );
  }
  const markdown = [
    `### Check against reality: ${o.clients} Depot CLI processes vs the simulation of the same ${o.clients} nights`,
    '',
    `Each process deposits its own night (${SHAPE.filesPerNight} recordings, ${SHAPE.nightBytes / 1e6} MB, --bwlimit ${SHAPE.bwlimitBytesPerS / 1024 / 1024}MiB/s), started ${SHAPE.staggerS} s apart, against radosgw through the fault proxy: 503 + Retry-After ${SHAPE.retryAfterS} s from ${SHAPE.outageAtS} s for ${SHAPE.refusingS} s, then unreachable (connections reset) for ${SHAPE.unreachableS} s. Requests received per second, per phase, ${o.runs} real runs and ${o.runs} simulations, each starting the nights when the real run's clients began sending (after the spawn by ${realStarts.map((r) => `${(r.reduce((a, t, i) => a + t - i * SHAPE.staggerS * 1000, 0) / r.length / 1000).toFixed(2)} s`).join(', ')} on average: the process starts, probes and plans; measured on the clients whose night listing arrived before the outage):`,
    '',
    '| phase | real runs (req/s) | simulated (req/s) | difference of means | spread | within spread |',
    '| --- | --- | --- | --- | --- | --- |',
    ...lines,
    '',
    `Requests by operation, real run 1: ${JSON.stringify(realOperations)}; simulated, first seed: ${JSON.stringify(simulatedOperations)}`,
    '',
    'Requests by phase and operation, real run 1 / simulated first seed:',
    '',
    '| phase | operation | real | simulated |',
    '| --- | --- | --- | --- |',
    ...PHASES.flatMap((p) => {
      const r = realByPhase[p.name] ?? {};
      const sim = simulatedByPhase[p.name] ?? {};
      return [...new Set([...Object.keys(r), ...Object.keys(sim)])]
        .sort()
        .map((op) => `| ${p.name} | ${op} | ${r[op] ?? 0} | ${sim[op] ?? 0} |`);
    }),
    '',
    `- ${agree ? 'PASS' : 'MISS'} the simulation of ${o.clients} clients agrees with ${o.clients} real Depots within the run-to-run spread`,
    '',
  ].join('\n');
  return {
    clients: o.clients,
    real,
    simulated,
    agree,
    operations: { real: realOperations, simulated: simulatedOperations },
    realStartsMs: realStarts,
    operationsByPhase: { real: realByPhase, simulated: simulatedByPhase },
    markdown,
  };
};

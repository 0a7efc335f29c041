import { defaultEngineSettings, type EngineSettings } from '../../electron/engine/EngineSettings';
import { drawSize } from '../../electron/field/synthNight';
import { seededRandom } from '../../shared/random/seededRandom';
import { FleetServer, type ServerSeries, type ServerSettings } from './FleetServer';
import { FleetTally, type TallySeries } from './FleetTally';
import type { FleetVariant } from './fleetVariants';
import { runFleetClient, type ClientNight, type ClientResult } from './runFleetClient';
import { VirtualScheduler } from './VirtualScheduler';

export type FleetSettings = {
  readonly clients: number;
  readonly seed: number;
  /** Recordings per night, sizes drawn as synthNight's realistic night. */
  readonly nightFiles: number;
  /** Volunteers start uniformly within this window from the simulation's start. */
  readonly morningMs: number;
  readonly linkBytesPerS: number;
  readonly server: ServerSettings;
  /** The simulation fails rather than run past this (virtual). */
  readonly horizonMs: number;
  readonly engine?: EngineSettings;
  /** Wake-ups this close together share one instant (speed; 0: exact). */
  readonly quantumMs?: number;
  /** `depot deposit --bwlimit` on loopback, for the check against reality (runFleetClient). */
  readonly cliOnLoopback?: boolean;
  /**
   * At the horizon, stop and report the nights not verified (`FleetRun.unverified`) instead of
   * failing: the fleet part reports a client that never finishes rather than crash.
   */
  readonly stopAtHorizon?: boolean;
  /** Keep every request's arrival and operation (`FleetRun.arrivals`): small fleets only. */
  readonly keepArrivals?: boolean;
};

export type FleetRun = {
  readonly variant: FleetVariant['name'];
  readonly series: ServerSeries;
  /** What the clients' retry layers did: circuits opened, calls given up by reason. */
  readonly tally: TallySeries;
  /** Requests received by S3 operation. */
  readonly operations: Readonly<Record<string, number>>;
  /** Each request's arrival and operation, when the settings asked to keep them. */
  readonly arrivals: readonly { readonly at: number; readonly operation: string }[];
  /** Nights verified, by start time. */
  readonly clients: readonly ClientResult[];
  /** Start times of the nights still not verified at the horizon (`stopAtHorizon` only). */
  readonly unverified: readonly number[];
  readonly startedAt: number;
  /** Wall-clock seconds the simulation took. */
  readonly wallS: number;
};

const ENDPOINT = 'http://fleet.invalid:7480';
export const fleetStart = Date.UTC(2026, 5, 13, 6, 0, 0);
const MANIFEST_BYTES = 40_000;

/** Every volunteer's night and start time: a function of the seed alone, shared by all variants. */
export const fleetNights = (s: FleetSettings): ClientNight[] => {
  const rand = seededRandom(s.seed);
  return Array.from({ length: s.clients }, () => ({
    startAt: fleetStart + Math.floor(rand() * s.morningMs),
    sizes: Array.from({ length: s.nightFiles }, () => Math.round(drawSize('realistic', rand))),
  }));
};

/** One variant, the whole fleet, in virtual time. */
export const simulateFleet = async (
  s: FleetSettings,
  variant: FleetVariant,
  nights: readonly ClientNight[] = fleetNights(s),
): Promise<FleetRun> => {
  const wallStart = performance.now();
  const time = new VirtualScheduler(fleetStart);
  const { outage, ...rest } = s.server;
  const server = new FleetServer(
    variant.outage && outage !== undefined ? s.server : rest,
    fleetStart,
    s.keepArrivals === true,
  );
  const tally = new FleetTally(fleetStart);
  const results: ClientResult[] = [];
  const verified = new Set<number>();
  const engine = s.engine ?? defaultEngineSettings;
  const all = nights.map((night, i) => {
    // A stream per client, so adding clients does not change the others' draws.
    const own = seededRandom((s.seed * 1_000_003 + i * 7_919) >>> 0);
    return runFleetClient(night, {
      time,
      server,
      layerFor: (probe) =>
        variant.make({ time, random: { next: own }, endpoint: ENDPOINT, probe, tally }),
      tally,
      endpoint: ENDPOINT,
      engine,
      linkBytesPerS: s.linkBytesPerS,
      manifestBytes: MANIFEST_BYTES,
      ...(s.cliOnLoopback === true ? { cliOnLoopback: true } : {}),
    }).then((r) => {
      results.push(r);
      verified.add(i);
    });
  });
  let failure: Error | undefined;
  const settled = Promise.all(all).catch((error: unknown) => {
    failure = error instanceof Error ? error : new Error(String(error));
  });
  void settled;
  await time.runUntil(
    () => results.length === nights.length || failure !== undefined,
    fleetStart + s.horizonMs,
    s.quantumMs ?? 0,
    s.stopAtHorizon === true ? 'stop' : 'throw',
  );
  if (failure !== undefined) throw failure;
  const unverified = nights.filter((_, i) => !verified.has(i)).map((n) => n.startAt);
  return {
    variant: variant.name,
    series: server.series,
    tally: tally.series,
    operations: Object.fromEntries(server.operations),
    arrivals: server.arrivals,
    clients: results.sort((a, b) => a.startAt - b.startAt),
    unverified,
    startedAt: fleetStart,
    wallS: (performance.now() - wallStart) / 1000,
  };
};

import type { Random } from '../../shared/ports/Random';
import { RetryPolicy, type Prober } from '../../shared/retry/RetryPolicy';
import { defaultRetrySettings, type BudgetSettings } from '../../shared/retry/RetrySettings';
import { congestionGate, type EmissionGate } from './congestionGate';
import type { WindowSettings } from './congestionWindow';
import { depotRetryLayer } from './depotRetryLayer';
import type { FleetTally } from './FleetTally';
import { recoveryRampLayer, type RampShape } from './recoveryRampLayer';
import type { RetryLayer } from './RetryLayer';
import { sdkStandardRetry } from './sdkStandardRetry';
import type { VirtualScheduler } from './VirtualScheduler';

export type VariantName =
  | 'depot'
  | 'depot-no-jitter'
  | 'depot-full-jitter'
  | 'depot-no-budget'
  | 'depot-ramp'
  | 'depot-aimd'
  | 'sdk-default'
  | 'depot-no-outage';

export type VariantDeps = {
  readonly time: VirtualScheduler;
  /** The client's own seeded random. */
  readonly random: Random;
  readonly endpoint: string;
  /** The engine's cheap probe (HeadBucket), for a layer with a breaker. */
  readonly probe: Prober;
  /** Where the breaker's openings are counted. */
  readonly tally?: FleetTally;
};

export type FleetVariant = {
  readonly name: VariantName;
  readonly description: string;
  /** False for the baseline: the fleet's normal rate, same clients, same seed. */
  readonly outage: boolean;
  /** The client's retry layer, the random its engine paces with, its congestion window if any. */
  make(deps: VariantDeps): {
    readonly layer: RetryLayer;
    readonly random: Random;
    readonly gate?: EmissionGate;
  };
};

/** Full jitter, `random * d`, for comparison only: Depot ships equal jitter. */
export const fullJitter = (baseMs: number, capMs: number, n: number, random01: number): number =>
  random01 * Math.min(capMs, baseMs * 2 ** Math.max(0, n - 1));

// The top of equal jitter's interval for every draw: each client waits exactly d.
const noJitterRandom: Random = { next: () => 1 - 2 ** -40 };

/**
 * The ramp measured for issue 16 (ADR 0019), not shipped: each slot resumes at once, then one
 * call per 4 s (a client's post-outage demand is ~0.45/s), doubling every 15-30 s (the spread of
 * the fleet's circuits closing), over at 4/s.
 */
const TRIED_RAMP: RampShape = { burst: 4, startPerS: 0.25, stepMs: 30_000, fullPerS: 4 };

/**
 * Issue 16's congestion window (ADR 0019): the engine's 4 slots as a window that restarts at 1
 * when the circuit closes, and is halved by 503/SlowDown/timeouts or an answer slower than
 * 3 x the client's median of its last 32.
 */
export const TRIED_WINDOW: WindowSettings = { max: 4, k: 3, samples: 32, minSamples: 5 };

const depot = (
  deps: VariantDeps,
  options: {
    random?: Random;
    jitter?: typeof fullJitter;
    budget?: BudgetSettings;
    ramp?: RampShape;
    window?: WindowSettings;
  } = {},
): { layer: RetryLayer; random: Random; gate?: EmissionGate } => {
  const random = options.random ?? deps.random;
  const policy = new RetryPolicy({
    clock: deps.time,
    sleeper: deps.time,
    random,
    ...(options.budget === undefined ? {} : { settings: { budget: options.budget } }),
    ...(options.jitter === undefined ? {} : { jitter: options.jitter }),
  });
  policy.probeWith(deps.endpoint, deps.probe);
  // Counted when a closed circuit opens; a failed probe re-opening it is not a new opening.
  let closed = true;
  policy.onEvent((event) => {
    if (event.type !== 'circuit') return;
    if (closed && event.state.kind === 'open') deps.tally?.circuitOpened(deps.time.now());
    closed = event.state.kind === 'closed';
  });
  // Retries are measured against the budget Depot ships, also where the variant removed it.
  const layer = depotRetryLayer(policy, deps.endpoint);
  if (options.window !== undefined) {
    const gate = congestionGate(options.window);
    let wasOpen = false;
    policy.onEvent((event) => {
      if (event.type !== 'circuit') return;
      if (event.state.kind === 'closed' && wasOpen) gate.restart();
      wasOpen = event.state.kind !== 'closed';
    });
    return { layer, random, gate };
  }
  return {
    layer:
      options.ramp === undefined
        ? layer
        : recoveryRampLayer(layer, policy, deps.time, random, options.ramp),
    random,
  };
};

export const fleetVariants: readonly FleetVariant[] = [
  {
    name: 'depot',
    description: "Depot as shipped: equal jitter, budget, breaker, the engine's pacing",
    outage: true,
    make: (deps) => depot(deps),
  },
  {
    name: 'depot-no-jitter',
    description: 'the same, every wait at the top of its interval (no randomness)',
    outage: true,
    make: (deps) => depot(deps, { random: noJitterRandom }),
  },
  {
    name: 'depot-full-jitter',
    description: "the same, the policy's backoff and probes with full jitter (random x d)",
    outage: true,
    make: (deps) => depot(deps, { jitter: fullJitter }),
  },
  {
    name: 'depot-no-budget',
    description: 'the same without the retry budget (retries cost nothing)',
    outage: true,
    make: (deps) =>
      depot(deps, {
        budget: {
          ...defaultRetrySettings.budget,
          capacity: Infinity,
          creditPerFirstAttempt: 0,
          costPerRetry: 0,
        },
      }),
  },
  {
    name: 'depot-ramp',
    description:
      'the same with a recovery ramp once its circuit closes (4 at once, then 0.25/s doubling every 15-30 s to 4/s): tried, not shipped',
    outage: true,
    make: (deps) => depot(deps, { ramp: TRIED_RAMP }),
  },
  {
    name: 'depot-aimd',
    description:
      'the same, its 4 slots a congestion window: 1 when the circuit closes, +1 per timely answer, halved by 503/SlowDown/timeout or an answer > 3 x its median: tried',
    outage: true,
    make: (deps) => depot(deps, { window: TRIED_WINDOW }),
  },
  {
    name: 'sdk-default',
    description:
      "the AWS SDK's standard retries (3 attempts, full jitter, quota 500) in the same engine loop",
    outage: true,
    make: (deps) => ({
      layer: sdkStandardRetry({ sleeper: deps.time, random: deps.random }),
      random: deps.random,
    }),
  },
  {
    name: 'depot-no-outage',
    description: "Depot, no outage: the fleet's normal rate",
    outage: false,
    make: (deps) => depot(deps),
  },
];

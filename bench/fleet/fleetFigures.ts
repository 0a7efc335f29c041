import type { FleetRun } from './simulateFleet';

export type VariantFigures = {
  readonly variant: string;
  readonly requests: number;
  readonly refused: number;
  /** Received during the outage, whole window, and its busiest second. */
  readonly outageRequests: number;
  readonly outagePeakPerS: number;
  /** Busiest second from the outage's end until every night is verified. */
  readonly peakAfterPerS: number;
  readonly peakAfterOverCapacity: number;
  /** Seconds from the outage's end until every night begun before it is verified, above capacity. */
  readonly aboveCapacityS: number;
  /** Refused from the outage's end on (SlowDown: the outage's 503s are over). */
  readonly refusedAfter: number;
  /** Circuits that opened from the outage's end on (Depot's breaker on SlowDown). */
  readonly circuitOpensAfter: number;
  /** Calls given up from the outage's end on, and those the budget or the SDK's quota refused. */
  readonly giveUpsAfter: number;
  readonly budgetGiveUpsAfter: number;
  /** Mean received per second over the first minute after the outage, over capacity. */
  readonly firstMinuteOverCapacity: number;
  /** Seconds from the outage's end until every night begun before it is verified (Infinity: never). */
  readonly drainS: number;
  /** Seconds from the first start until the last night is verified (Infinity: never). */
  readonly morningS: number;
  /** `drainS` over the nights begun before the outage's end that were verified (all, most often). */
  readonly drainVerifiedS: number;
  /** Nights still not verified when the simulation stopped at its horizon. */
  readonly unverified: number;
  readonly goodputMBps: number;
  readonly meanRetries: number;
  /** Highest retries / what the client's layer allows, over every client. */
  readonly maxRetryShare: number;
  readonly clientsOverBound: number;
  readonly wallS: number;
};

export type FleetWindow = {
  readonly outageStartS: number;
  readonly outageEndS: number;
  readonly capacityPerS: number;
};

const sum = (xs: readonly number[], from = 0, to = xs.length): number => {
  let s = 0;
  for (let i = from; i < Math.min(to, xs.length); i++) s += xs[i] ?? 0;
  return s;
};

const max = (xs: readonly number[], from = 0, to = xs.length): number => {
  let m = 0;
  for (let i = from; i < Math.min(to, xs.length); i++) m = Math.max(m, xs[i] ?? 0);
  return m;
};

/** The figures the issue asks for, from one variant's run. */
export const fleetFigures = (run: FleetRun, w: FleetWindow): VariantFigures => {
  const { received, refused, goodputBytes } = run.series;
  const recoveredAt = run.startedAt + w.outageEndS * 1000;
  const waiting = run.clients.filter((c) => c.startAt < recoveredAt);
  const stuck = run.unverified;
  const lastWaitingVerified = Math.max(recoveredAt, ...waiting.map((c) => c.verifiedAt));
  const lastWaiting = stuck.some((t) => t < recoveredAt) ? Infinity : lastWaitingVerified;
  const lastVerified = Math.max(...run.clients.map((c) => c.verifiedAt));
  const lastS = Math.ceil((lastVerified - run.startedAt) / 1000);
  const afterS = lastS - w.outageEndS;
  const drainEndS = Math.min(received.length, Math.ceil((lastWaiting - run.startedAt) / 1000));
  let aboveCapacityS = 0;
  for (let i = w.outageEndS; i < drainEndS; i++)
    if ((received[i] ?? 0) > w.capacityPerS) aboveCapacityS++;
  const gaveUp = Object.values(run.tally.gaveUp);
  return {
    variant: run.variant,
    requests: sum(received),
    refused: sum(refused),
    outageRequests: sum(received, w.outageStartS, w.outageEndS),
    outagePeakPerS: max(received, w.outageStartS, w.outageEndS),
    peakAfterPerS: max(received, w.outageEndS),
    peakAfterOverCapacity: max(received, w.outageEndS) / w.capacityPerS,
    aboveCapacityS,
    refusedAfter: sum(refused, w.outageEndS),
    circuitOpensAfter: sum(run.tally.circuitOpened, w.outageEndS),
    giveUpsAfter: gaveUp.reduce((n, series) => n + sum(series, w.outageEndS), 0),
    budgetGiveUpsAfter: sum(run.tally.gaveUp['budget'] ?? [], w.outageEndS),
    firstMinuteOverCapacity: sum(received, w.outageEndS, w.outageEndS + 60) / 60 / w.capacityPerS,
    drainS: (lastWaiting - recoveredAt) / 1000,
    drainVerifiedS: (lastWaitingVerified - recoveredAt) / 1000,
    morningS:
      stuck.length > 0
        ? Infinity
        : (lastVerified - Math.min(...run.clients.map((c) => c.startAt))) / 1000,
    unverified: stuck.length,
    goodputMBps: afterS > 0 ? sum(goodputBytes, w.outageEndS) / afterS / 1e6 : 0,
    meanRetries: run.clients.reduce((s, c) => s + c.retries, 0) / run.clients.length,
    maxRetryShare: Math.max(
      ...run.clients.map((c) => (c.retryBound > 0 ? c.retries / c.retryBound : 0)),
    ),
    clientsOverBound: run.clients.filter((c) => c.retries > c.retryBound).length,
    wallS: run.wallS,
  };
};

/** A duration for the report: "never" for a night still not verified at the horizon. */
export const seconds = (s: number): string => (Number.isFinite(s) ? `${s.toFixed(0)} s` : 'never');

const unverifiedNote = (depot: VariantFigures, sdk: VariantFigures): string =>
  depot.unverified + sdk.unverified === 0
    ? ''
    : `; nights never verified (24 h horizon): Depot ${depot.unverified}, SDK default ${sdk.unverified}`;

export type FleetTarget = {
  readonly name: string;
  readonly pass: boolean;
  readonly detail: string;
};

/**
 * The issue's targets. "Normal rate" is the baseline run's (same clients, no outage) over the
 * same window; the budgets' burst is every client's bucket capacity that could be spent in it.
 */
export const fleetTargets = (
  figures: readonly VariantFigures[],
  baseline: VariantFigures & { readonly activeInOutage: number },
  w: FleetWindow & { readonly budgetCapacity: number },
): FleetTarget[] => {
  const depot = figures.find((f) => f.variant === 'depot');
  const sdk = figures.find((f) => f.variant === 'sdk-default');
  if (depot === undefined || sdk === undefined) return [];
  const allowed = 1.1 * baseline.outageRequests + w.budgetCapacity * baseline.activeInOutage;
  return [
    {
      name: 'outage: requests <= 1.1 x normal + budgets burst',
      pass: depot.outageRequests <= allowed,
      detail: `${depot.outageRequests} received in the outage, allowed ${Math.round(allowed)} (normal ${baseline.outageRequests}, ${baseline.activeInOutage} clients x ${w.budgetCapacity} tokens); SDK default ${sdk.outageRequests}`,
    },
    {
      name: 'after recovery: peak <= capacity, SDK default above',
      pass: depot.peakAfterPerS <= w.capacityPerS && sdk.peakAfterPerS > w.capacityPerS,
      detail: `Depot peak ${depot.peakAfterPerS}/s, SDK default ${sdk.peakAfterPerS}/s, capacity ${w.capacityPerS}/s (no outage: peak ${baseline.peakAfterPerS}/s over the same span)`,
    },
    {
      name: 'every night verified after the outage, sooner than the SDK default',
      pass: depot.drainS < sdk.drainS,
      detail: `nights begun before the end of the outage all verified ${seconds(depot.drainS)} after it (SDK default ${seconds(sdk.drainS)}); last night ${seconds(depot.morningS)} after the first start (SDK default ${seconds(sdk.morningS)})${unverifiedNote(depot, sdk)}`,
    },
  ];
};

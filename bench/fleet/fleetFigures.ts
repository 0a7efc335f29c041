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
  /** Mean received per second over the first minute after the outage, over capacity. */
  readonly firstMinuteOverCapacity: number;
  /** Seconds from the outage's end until every night begun before it is verified. */
  readonly drainS: number;
  /** Seconds from the first start until the last night is verified. */
  readonly morningS: number;
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
  const lastWaiting = Math.max(recoveredAt, ...waiting.map((c) => c.verifiedAt));
  const lastS = Math.ceil(
    (Math.max(...run.clients.map((c) => c.verifiedAt)) - run.startedAt) / 1000,
  );
  const afterS = lastS - w.outageEndS;
  return {
    variant: run.variant,
    requests: sum(received),
    refused: sum(refused),
    outageRequests: sum(received, w.outageStartS, w.outageEndS),
    outagePeakPerS: max(received, w.outageStartS, w.outageEndS),
    peakAfterPerS: max(received, w.outageEndS),
    peakAfterOverCapacity: max(received, w.outageEndS) / w.capacityPerS,
    firstMinuteOverCapacity: sum(received, w.outageEndS, w.outageEndS + 60) / 60 / w.capacityPerS,
    drainS: (lastWaiting - recoveredAt) / 1000,
    morningS:
      (Math.max(...run.clients.map((c) => c.verifiedAt)) -
        Math.min(...run.clients.map((c) => c.startAt))) /
      1000,
    goodputMBps: afterS > 0 ? sum(goodputBytes, w.outageEndS) / afterS / 1e6 : 0,
    meanRetries: run.clients.reduce((s, c) => s + c.retries, 0) / run.clients.length,
    maxRetryShare: Math.max(
      ...run.clients.map((c) => (c.retryBound > 0 ? c.retries / c.retryBound : 0)),
    ),
    clientsOverBound: run.clients.filter((c) => c.retries > c.retryBound).length,
    wallS: run.wallS,
  };
};

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
      detail: `nights begun before the end of the outage all verified ${depot.drainS.toFixed(0)} s after it (SDK default ${sdk.drainS.toFixed(0)} s); last night ${depot.morningS.toFixed(0)} s after the first start (SDK default ${sdk.morningS.toFixed(0)} s)`,
    },
  ];
};

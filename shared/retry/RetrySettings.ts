import type { ProfileName } from './RetryCall';

/** Capped exponential backoff with equal jitter. */
export type BackoffProfile = {
  /** Attempts per call, the first included. */
  readonly maxAttempts: number;
  readonly baseMs: number;
  readonly capMs: number;
};

/** Token bucket shared by every call to one endpoint (DESIGN principle 5). */
export type BudgetSettings = {
  readonly capacity: number;
  /** Tokens credited by each first attempt. */
  readonly creditPerFirstAttempt: number;
  /** Tokens a retry costs. */
  readonly costPerRetry: number;
  /**
   * A reconcile the empty budget refuses goes anyway, as a first attempt, at most once per this
   * long on the endpoint. Only first attempts credit the budget, so a run whose units left all
   * wait on a reconcile would otherwise never earn the token it waits for (issue 16, found by the
   * fleet bench); waiting for a minute without any first attempt (the rule until issue 30) let a
   * night's last files, each needing a reconcile after a lost reply, wait a minute each: a heavy
   * fault mix did not end in 900 s (issue 30, item 9). One request per this long is a bounded
   * rate, whatever the night or the outage: the storm bound of the budget is unmoved.
   */
  readonly reconcileFreeEveryMs: number;
};

export type BreakerSettings = {
  /** Consecutive unreachable failures that open the circuit ("waiting for network"). */
  readonly unreachableThreshold: number;
  /** Struggling refusals (5xx, 429, SlowDown) within `struggleWindowMs` that open it. */
  readonly struggleThreshold: number;
  readonly struggleWindowMs: number;
  /** Interval between probes while open: equal jitter from base, doubling, up to cap. */
  readonly probeBaseMs: number;
  readonly probeCapMs: number;
  /**
   * The cap instead while the failures say this machine has no route at all (reason `no-route`):
   * such a probe leaves nothing on the wire the endpoint could count, and the link coming back
   * is noticed within this long (issue 15: the first payload byte within 0.3 s of link-up).
   */
  readonly noRouteProbeCapMs: number;
  /**
   * The cap instead while the endpoint's route check answers for the probe
   * (`RetryPolicy.probeWith`'s `route`): it looks the route up on this machine and sends nothing,
   * so it can run more often than a signed request that fails before leaving (issue 15).
   */
  readonly routeCheckCapMs: number;
  /** A probe's own deadline (the call's deadline when sooner). */
  readonly probeTimeoutMs: number;
  /** Deadline of a probe sent with the endpoint's own cheap request (`RetryPolicy.probeWith`). */
  readonly cheapProbeTimeoutMs: number;
};

export type RetrySettings = {
  readonly profiles: Readonly<Record<ProfileName, BackoffProfile>>;
  readonly budget: BudgetSettings;
  readonly breaker: BreakerSettings;
  /** No attempt starts with less time than this left before the deadline. */
  readonly minAttemptMs: number;
};

export const defaultRetrySettings: RetrySettings = {
  profiles: {
    insistent: { maxAttempts: 6, baseMs: 1_000, capMs: 30_000 },
    brief: { maxAttempts: 2, baseMs: 1_000, capMs: 2_000 },
  },
  budget: {
    capacity: 20,
    creditPerFirstAttempt: 0.1,
    costPerRetry: 1,
    reconcileFreeEveryMs: 5_000,
  },
  breaker: {
    unreachableThreshold: 3,
    struggleThreshold: 5,
    struggleWindowMs: 10_000,
    probeBaseMs: 1_000,
    probeCapMs: 30_000,
    // 50-100 ms: half a lab round trip on average after the link is back (issue 15, ADR 0013).
    noRouteProbeCapMs: 100,
    // 10-20 ms: a route lookup, no request; the rest of the 0.3 s is one connection's round trip.
    routeCheckCapMs: 20,
    // Long enough for a whole part over a slow tethered link: the probe is a real call.
    probeTimeoutMs: 120_000,
    cheapProbeTimeoutMs: 15_000,
  },
  minAttemptMs: 1_000,
};

import type { Random } from '../ports/Random';
import { equalJitter } from './equalJitter';
import { isStruggling } from './isStruggling';
import type { Outcome } from './Outcome';
import type { CircuitState } from './RetryCall';
import type { BreakerSettings } from './RetrySettings';

type Cause = 'offline' | 'server-unavailable';

type State =
  | { readonly kind: 'closed' }
  | {
      readonly kind: 'open';
      readonly cause: Cause;
      readonly nextProbeAt: number;
      /** The last failure never left this machine (`no-route`). */
      readonly noRoute: boolean;
    }
  | {
      readonly kind: 'half-open';
      readonly cause: Cause;
      readonly noRoute: boolean;
      /** The probe in flight, if any, and when its own deadline passes. */
      readonly probe?: { readonly id: number; readonly until: number };
      /**
       * The route came back (`routeAnswered`): while its cheap probe is in flight, calls go beside
       * it instead of waiting for its answer.
       */
      readonly beside?: boolean;
    };

/** What the breaker says to a call that wants to start an attempt now. */
export type Gate =
  | { readonly kind: 'pass' }
  /**
   * `noRoute`: the circuit's last failure never left this machine, so the probe slot's own call may
   * go beside the endpoint's cheap probe (a failure costs the endpoint nothing).
   */
  | {
      readonly kind: 'probe';
      readonly id: number;
      readonly deadline: number;
      readonly noRoute: boolean;
    }
  /**
   * The route is back and the cheap probe on its way: go now, beside it (not as the probe: its
   * answer decides); a `no-route` failure then is the route gone again (`routeLost`).
   */
  | { readonly kind: 'beside' }
  /** Wait until `until` (or an earlier state change). */
  | { readonly kind: 'wait'; readonly until: number; readonly open: boolean };

/**
 * One endpoint's circuit: opens on consecutive unreachable failures (offline) or a storm of
 * struggling refusals (server unavailable); while open, only one probe at a time goes out, at
 * intervals growing with equal jitter; the probe's answer closes or re-opens it. Pure: time is
 * passed in, wake-ups are callbacks.
 */
export class CircuitBreaker {
  private state: State = { kind: 'closed' };
  private consecutiveUnreachable = 0;
  private lastFailureAt = Number.NEGATIVE_INFINITY;
  private struggles: number[] = [];
  private probeRound = 0;
  private nextProbeId = 1;
  /**
   * Whether a route found by the route check is taken at its word (calls go beside the probe).
   * Not after a request sent on that word found no route all the same (a router's "unreachable",
   * a gateway that does not answer): until the circuit closes, probes go as without a check.
   */
  private routeTrusted = true;
  /** The policy looks the route up before probing while there was none (`useRouteCheck`). */
  private routeChecked = false;
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly settings: BreakerSettings,
    private readonly random: Random,
    private readonly onChange: (state: CircuitState) => void,
    private readonly jitter: typeof equalJitter = equalJitter,
  ) {}

  get current(): CircuitState {
    const s = this.state;
    switch (s.kind) {
      case 'closed':
        return { kind: 'closed' };
      case 'open':
        return { kind: 'open', cause: s.cause, nextProbeAt: s.nextProbeAt };
      case 'half-open':
        return { kind: 'half-open' };
    }
  }

  /** What `take` would answer, without taking a probe slot. */
  peek(now: number): Gate {
    const s = this.state;
    switch (s.kind) {
      case 'closed':
        return { kind: 'pass' };
      case 'open':
        return now >= s.nextProbeAt
          ? {
              kind: 'probe',
              id: 0,
              deadline: now + this.settings.probeTimeoutMs,
              noRoute: s.noRoute,
            }
          : { kind: 'wait', until: s.nextProbeAt, open: true };
      case 'half-open':
        if (s.beside === true && s.probe !== undefined && now < s.probe.until) {
          return { kind: 'beside' };
        }
        // A probe that outlived its own deadline without an answer frees the slot.
        return s.probe === undefined || now >= s.probe.until
          ? {
              kind: 'probe',
              id: 0,
              deadline: now + this.settings.probeTimeoutMs,
              noRoute: s.noRoute,
            }
          : { kind: 'wait', until: s.probe.until, open: false };
    }
  }

  /** Lets a call through: freely when closed, as the single probe when open or half-open. */
  take(now: number): Gate {
    const gate = this.peek(now);
    if (gate.kind !== 'probe' || this.state.kind === 'closed') return gate;
    const id = this.nextProbeId++;
    this.set({
      kind: 'half-open',
      cause: this.state.cause,
      noRoute: this.state.noRoute,
      probe: { id, until: gate.deadline },
    });
    return { ...gate, id };
  }

  /**
   * Feeds the outcome of an attempt that started at `startedAt`; `probeId` is 0 for an attempt
   * that was not a probe.
   */
  record(outcome: Outcome<unknown>, startedAt: number, now: number, probeId: number): void {
    const isProbe = this.state.kind === 'half-open' && this.state.probe?.id === probeId;
    if (
      isProbe &&
      this.beside() &&
      outcome.kind === 'unreachable' &&
      outcome.reason === 'no-route'
    ) {
      this.routeTrusted = false;
    }
    // This machine's own abandon after the endpoint answered again says nothing of the endpoint.
    if (outcome.kind === 'unreachable' && outcome.reason === 'stalled-in-outage') {
      if (isProbe) this.releaseProbe(probeId);
      return;
    }
    // While not closed only the probe speaks: any other answer comes from an attempt that started
    // before the circuit opened, and its late success must not let every waiting caller through.
    if (this.state.kind !== 'closed' && !isProbe) return;
    // A certificate refused in the handshake proves the link and the endpoint are up, like an answer.
    const healthy =
      outcome.kind === 'success' ||
      outcome.kind === 'certificate' ||
      (outcome.kind === 'refused' && !isStruggling(outcome));
    // Likewise a long transfer that started before the latest failure says nothing about now.
    if (healthy && !isProbe && startedAt < this.lastFailureAt) return;
    if (!healthy && outcome.kind !== 'aborted') this.lastFailureAt = now;
    switch (outcome.kind) {
      case 'aborted':
        if (isProbe) this.releaseProbe(probeId);
        return;
      case 'unreachable':
        this.consecutiveUnreachable += 1;
        if (isProbe || this.consecutiveUnreachable >= this.settings.unreachableThreshold) {
          this.reopen('offline', now, 0, outcome.reason === 'no-route');
        }
        return;
      case 'refused':
        this.consecutiveUnreachable = 0;
        if (isStruggling(outcome)) {
          const since = now - this.settings.struggleWindowMs;
          this.struggles = this.struggles.filter((t) => t > since);
          this.struggles.push(now);
          if (isProbe || this.struggles.length >= this.settings.struggleThreshold) {
            this.reopen('server-unavailable', now, outcome.retryAfterMs ?? 0);
          }
          return;
        }
        // Any other answer proves the server is there and coping.
        this.close();
        return;
      case 'success':
      case 'certificate':
        this.consecutiveUnreachable = 0;
        this.close();
        return;
    }
  }

  /**
   * The probe slot's route check found a route to the endpoint again (nothing was sent): its
   * cheap probe goes now, and calls go beside it until it answers. Not when the slot is no longer
   * that probe's, nor when the check's word was found wrong in this outage: the probe then goes
   * as it would without a check.
   */
  routeAnswered(probeId: number): 'beside' | 'not-held' | 'distrusted' {
    const s = this.state;
    if (s.kind !== 'half-open' || s.probe?.id !== probeId) return 'not-held';
    if (!this.routeTrusted) return 'distrusted';
    // Probes so far only looked for a route: a server that answers badly now is paced afresh.
    this.probeRound = 0;
    this.set({ ...s, beside: true });
    return 'beside';
  }

  /** The route check could not tell: until the circuit closes, probes go as without it. */
  routeUnknown(): void {
    this.routeTrusted = false;
  }

  /** The probe slot's route check found no route: open again. */
  routeMissing(probeId: number, now: number): void {
    const s = this.state;
    if (s.kind !== 'half-open' || s.probe?.id !== probeId) return;
    this.consecutiveUnreachable += 1;
    this.lastFailureAt = now;
    this.reopen('offline', now, 0, true);
  }

  /**
   * A call sent beside the probe on the route check's word found no route: callers wait anew,
   * and the check's word is no longer enough in this outage.
   */
  routeLost(now: number): void {
    if (!this.beside()) return;
    this.routeTrusted = false;
    this.lastFailureAt = now;
    this.reopen('offline', now, 0, true);
  }

  /**
   * Whether a route check comes before each probe while there is no route: probes are then at
   * most `routeCheckCapMs` apart instead of `noRouteProbeCapMs`, as long as its word holds.
   */
  useRouteCheck(on: boolean): void {
    this.routeChecked = on;
  }

  /** A probe ended without an answer (the caller aborted, the attempt threw): free the slot. */
  releaseProbe(probeId: number): void {
    const s = this.state;
    if (s.kind === 'half-open' && s.probe?.id === probeId) {
      this.set({ kind: 'half-open', cause: s.cause, noRoute: s.noRoute });
    }
  }

  /** The OS says the network came back (probe now) or went away (open, "waiting for network"). */
  networkChanged(online: boolean, now: number): void {
    if (online) {
      this.consecutiveUnreachable = 0;
      if (this.state.kind === 'open') {
        this.probeRound = 0;
        this.set({ ...this.state, nextProbeAt: now });
      }
      return;
    }
    this.reopen('offline', now, 0);
  }

  /**
   * A check sent while closed could not reach the endpoint (`RetryPolicy.suspect`): open now, as
   * a probe's failure would, rather than after `unreachableThreshold` failures that the silent
   * emissions in flight will not give for seconds.
   */
  trip(now: number, noRoute: boolean): void {
    if (this.state.kind !== 'closed') return;
    this.lastFailureAt = now;
    this.reopen('offline', now, 0, noRoute);
  }

  /** Calls `wake` at the next state change; returns the way to stop listening. */
  wakeOnChange(wake: () => void): () => void {
    this.wakers.add(wake);
    return () => this.wakers.delete(wake);
  }

  private reopen(cause: Cause, now: number, notSoonerMs: number, noRoute = false): void {
    this.probeRound += 1;
    const capMs = !noRoute
      ? this.settings.probeCapMs
      : this.routeChecked && this.routeTrusted
        ? this.settings.routeCheckCapMs
        : this.settings.noRouteProbeCapMs;
    const interval = this.jitter(
      this.settings.probeBaseMs,
      capMs,
      this.probeRound,
      this.random.next(),
    );
    this.set({
      kind: 'open',
      cause,
      nextProbeAt: now + Math.max(interval, notSoonerMs),
      noRoute,
    });
  }

  private beside(): boolean {
    return this.state.kind === 'half-open' && this.state.beside === true;
  }

  private close(): void {
    this.probeRound = 0;
    this.routeTrusted = true;
    this.struggles = [];
    if (this.state.kind !== 'closed') this.set({ kind: 'closed' });
  }

  private set(state: State): void {
    this.state = state;
    this.onChange(this.current);
    const wakers = [...this.wakers];
    this.wakers.clear();
    for (const wake of wakers) wake();
  }
}

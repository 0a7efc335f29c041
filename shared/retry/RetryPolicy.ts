// Over 400 lines on purpose: one state machine per endpoint (attempts, waits, probes, the network's
// state, a silent link's check) whose steps read and write the same endpoint record; its pure parts
// already live apart (CircuitBreaker, RetryBudget, equalJitter, isRetryable, RetrySettings).
import type { Clock } from '../ports/Clock';
import { abortError, isAbortError } from '../ports/abortError';
import type { Random } from '../ports/Random';
import type { Sleeper } from '../ports/Sleeper';
import { CircuitBreaker } from './CircuitBreaker';
import { equalJitter } from './equalJitter';
import { isRetryable } from './isRetryable';
import type { Failure, Outcome } from './Outcome';
import { RetryBudget } from './RetryBudget';
import type {
  AttemptContext,
  CallEvent,
  CallResult,
  CircuitState,
  GiveUpReason,
  RetryCall,
  RetryCounters,
  RetryEvent,
} from './RetryCall';
import { defaultRetrySettings, type RetrySettings } from './RetrySettings';

export type RetryPolicyDeps = {
  clock: Clock;
  sleeper: Sleeper;
  random: Random;
  settings?: Partial<RetrySettings>;
  /** The backoff's jitter; equal jitter unless a simulation compares another (bench/fleet). */
  jitter?: typeof equalJitter;
};

type Refusal = Exclude<GiveUpReason, 'aborted'>;

type MutableCounters = {
  firstAttempts: number;
  retriesGranted: number;
  retriesRefused: Record<Refusal, number>;
};

type Endpoint = {
  readonly budget: RetryBudget;
  readonly breaker: CircuitBreaker;
  readonly counters: MutableCounters;
  /** The endpoint's cheap request, sent as the breaker's probe (see `probeWith`). */
  prober: Prober | undefined;
  /** Looks up this machine's route to the endpoint, the probe while there was none. */
  route: RouteCheck | undefined;
  /** A check asked by `suspect` is on its way. */
  checking: boolean;
  /** Callers waiting in `admit` for the circuit to let them through. */
  waiting: number;
  /** When a reconcile last went without a token (see `reconcileFreeEveryMs`). */
  lastFreeReconcileAt: number;
};

/** A request that costs the endpoint little (HeadBucket): proves it answers, moves no payload. */
export type Prober = (ctx: AttemptContext) => Promise<Outcome<unknown>>;

/**
 * Whether this machine has a route to the endpoint now, sending nothing: success when it has,
 * unreachable `no-route` when it has none, any other outcome when it cannot tell.
 */
export type RouteCheck = () => Promise<Outcome<void>>;

type Admission =
  | {
      readonly kind: 'go';
      readonly probeId: number;
      readonly deadline: number;
      /** Sent as a probe beside the cheap one while no route: a `no-route` failure is free. */
      readonly besideProbe: boolean;
    }
  | { readonly kind: 'aborted' }
  | { readonly kind: 'circuit-open'; readonly notBefore: number };

const zeroCounters = (): MutableCounters => ({
  firstAttempts: 0,
  retriesGranted: 0,
  retriesRefused: {
    'not-retryable': 0,
    'attempts-exhausted': 0,
    budget: 0,
    deadline: 0,
    'circuit-open': 0,
    'outcome-unknown': 0,
  },
});

const snapshot = (c: MutableCounters): RetryCounters => ({
  firstAttempts: c.firstAttempts,
  retriesGranted: c.retriesGranted,
  retriesRefused: { ...c.retriesRefused },
});

const isAborted = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;

/**
 * The one layer that retries (DESIGN principle 1). Every emission goes through `run`, which
 * decides from the classified outcome whether, when and how often to try again: per-call profile
 * and deadline, a retry budget and a circuit breaker shared per endpoint, Retry-After never
 * undercut. See docs/retry-policy.md.
 */
export class RetryPolicy {
  private readonly clock: Clock;
  private readonly sleeper: Sleeper;
  private readonly random: Random;
  private readonly settings: RetrySettings;
  private readonly jitter: typeof equalJitter;
  private readonly endpoints = new Map<string, Endpoint>();
  private readonly listeners = new Set<(event: RetryEvent) => void>();

  constructor(deps: RetryPolicyDeps) {
    this.clock = deps.clock;
    this.sleeper = deps.sleeper;
    this.random = deps.random;
    this.settings = { ...defaultRetrySettings, ...deps.settings };
    this.jitter = deps.jitter ?? equalJitter;
  }

  async run<T>(
    call: RetryCall,
    attempt: (ctx: AttemptContext) => Promise<Outcome<T>>,
  ): Promise<CallResult<T>> {
    const ep = this.endpoint(call.endpoint);
    const profile = this.settings.profiles[call.profile];
    const { minAttemptMs } = this.settings;
    let attempts = 0;
    let last: Failure | undefined;
    let skewCorrected = false;
    // A retry paid for but not sent yet: refunded if the call ends first, so an outage spent
    // waiting on the breaker does not leave the budget drained by retries that never happened.
    let unsentRetry = false;
    // Attempts that failed before leaving this machine while probing beside the cheap probe.
    let freeAttempts = 0;

    const giveUp = (reason: GiveUpReason, notBefore?: number): CallResult<T> => {
      if (unsentRetry) {
        ep.budget.refund();
        ep.counters.retriesGranted -= 1;
      }
      if (reason !== 'aborted') ep.counters.retriesRefused[reason] += 1;
      this.tell(call, {
        type: 'gave-up',
        endpoint: call.endpoint,
        operation: call.operation,
        reason,
        attempts,
        ...(last === undefined ? {} : { failure: last }),
      });
      return {
        kind: 'gave-up',
        reason,
        attempts,
        ...(last === undefined ? {} : { last }),
        ...(notBefore === undefined ? {} : { notBefore }),
        // An unknown outcome is for the caller to settle (ask the server, then send what is missing).
        doNotInsist: reason !== 'aborted' && reason !== 'outcome-unknown' && attempts > 0,
      };
    };

    for (;;) {
      const admission = await this.admit(ep, call);
      if (admission.kind === 'aborted') return giveUp('aborted');
      if (admission.kind === 'circuit-open') return giveUp('circuit-open', admission.notBefore);
      const startAt = this.clock.now();
      if (call.deadline - startAt < minAttemptMs) {
        ep.breaker.releaseProbe(admission.probeId);
        return giveUp('deadline');
      }
      attempts += 1;
      unsentRetry = false;
      if (attempts === 1 && call.reconciles === true && ep.budget.tryRetry()) {
        ep.counters.retriesGranted += 1;
      } else if (attempts === 1 && call.reconciles === true && !this.freeReconcile(ep, startAt)) {
        ep.breaker.releaseProbe(admission.probeId);
        attempts = 0;
        return giveUp(
          'budget',
          startAt + this.jitter(profile.baseMs, profile.capMs, 1, this.random.next()),
        );
      } else if (attempts === 1) {
        ep.budget.onFirstAttempt();
        ep.counters.firstAttempts += 1;
        if (call.reconciles === true) ep.lastFreeReconcileAt = startAt;
      }
      let outcome: Outcome<T>;
      try {
        outcome = await attempt({
          attempt: attempts,
          deadline: admission.deadline,
          ...(call.signal === undefined ? {} : { signal: call.signal }),
        });
      } catch (error) {
        // An attempt must return an Outcome; a throw is a bug, but it must not wedge the probe slot.
        ep.breaker.releaseProbe(admission.probeId);
        throw error;
      }
      const receivedAt = this.clock.now();
      ep.breaker.record(outcome, startAt, receivedAt, admission.probeId);
      if (outcome.kind === 'success') {
        return { kind: 'success', value: outcome.value, attempts };
      }
      last = outcome;
      if (outcome.kind === 'aborted' || isAborted(call.signal)) return giveUp('aborted');
      if (outcome.kind === 'unreachable' && outcome.reason === 'stalled-in-outage') {
        // Abandoned by the engine once the endpoint answered again (ADR 0013): the request is
        // sent again at once on a fresh connection, free like the attempt beside a no-route
        // probe. The endpoint gets one request in place of one that stopped reaching it, and
        // the engine abandons an emission at most once per outage it sat through.
        if (call.mayReplay?.(outcome) === false) return giveUp('outcome-unknown', receivedAt);
        freeAttempts += 1;
        continue;
      }
      if (
        admission.besideProbe &&
        outcome.kind === 'unreachable' &&
        outcome.reason === 'no-route'
      ) {
        // Nothing reached the endpoint: no attempt of the profile, no budget, no backoff; wait for
        // the next probe slot (the breaker re-opened on the cheap probe's own answer, or now if
        // this call went on a route check's word and the route went again meanwhile).
        if (admission.probeId === 0) ep.breaker.routeLost(receivedAt);
        freeAttempts += 1;
        continue;
      }

      // The transport dates its next signature by the server's Date it just heard (skew is its
      // business, measured on the wall clock it signs with): one more attempt says whether it helped.
      const skewed = outcome.kind === 'refused' && outcome.code === 'RequestTimeTooSkewed';
      if (!isRetryable(outcome) || (skewed && skewCorrected)) return giveUp('not-retryable');
      if (skewed) skewCorrected = true;
      if (attempts - freeAttempts >= profile.maxAttempts) return giveUp('attempts-exhausted');

      const retryAfter = outcome.kind === 'refused' ? outcome.retryAfterMs : undefined;
      if (
        retryAfter !== undefined &&
        (retryAfter > profile.capMs || receivedAt + retryAfter + minAttemptMs > call.deadline)
      ) {
        // Not slept on: the caller persists the server's not-before time instead.
        return giveUp('deadline', receivedAt + retryAfter);
      }
      const backoff = this.jitter(profile.baseMs, profile.capMs, attempts, this.random.next());
      const delay = Math.max(backoff, retryAfter ?? 0);
      const nextAttemptAt = receivedAt + delay;
      if (call.mayReplay?.(outcome) === false) return giveUp('outcome-unknown', nextAttemptAt);
      if (nextAttemptAt + minAttemptMs > call.deadline) return giveUp('deadline', nextAttemptAt);
      if (!ep.budget.tryRetry()) return giveUp('budget', nextAttemptAt);
      ep.counters.retriesGranted += 1;
      unsentRetry = true;
      this.tell(call, {
        type: 'retry-scheduled',
        endpoint: call.endpoint,
        operation: call.operation,
        attempt: attempts,
        failure: outcome,
        nextAttemptAt,
      });
      try {
        await this.sleeper.sleep(delay, call.signal);
      } catch (error) {
        if (isAbortError(error) && isAborted(call.signal)) return giveUp('aborted');
        throw error;
      }
    }
  }

  onEvent(listener: (event: RetryEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  counters(endpoint: string): RetryCounters {
    return snapshot(this.endpoints.get(endpoint)?.counters ?? zeroCounters());
  }

  /** The counters of every endpoint, summed. */
  allCounters(): RetryCounters {
    const sum = zeroCounters();
    for (const { counters } of this.endpoints.values()) {
      sum.firstAttempts += counters.firstAttempts;
      sum.retriesGranted += counters.retriesGranted;
      for (const reason of Object.keys(sum.retriesRefused) as Refusal[]) {
        sum.retriesRefused[reason] += counters.retriesRefused[reason];
      }
    }
    return snapshot(sum);
  }

  /** Tokens left in the endpoint's retry budget (full for an endpoint never called). */
  budgetAvailable(endpoint: string): number {
    return this.endpoints.get(endpoint)?.budget.available ?? this.settings.budget.capacity;
  }

  circuit(endpoint: string): CircuitState {
    return this.endpoints.get(endpoint)?.breaker.current ?? { kind: 'closed' };
  }

  /**
   * While the endpoint's circuit is open, probe it with `prober` rather than with the next
   * caller's own attempt: a probe that is an 8 MiB part holds every other caller for the whole
   * part over a slow link, where a HeadBucket answers in one round trip. Returns the way to stop.
   */
  probeWith(endpoint: string, prober: Prober, route?: RouteCheck): () => void {
    const ep = this.endpoint(endpoint);
    ep.prober = prober;
    ep.route = route;
    ep.breaker.useRouteCheck(route !== undefined);
    return () => {
      if (ep.prober !== prober) return;
      ep.prober = undefined;
      ep.route = undefined;
      ep.breaker.useRouteCheck(false);
    };
  }

  /** External "network is back"/"went offline" signal (OS network change, resume from sleep). */
  networkChanged(online: boolean): void {
    const now = this.clock.now();
    for (const ep of this.endpoints.values()) ep.breaker.networkChanged(online, now);
  }

  /**
   * The engine's emissions to the endpoint went silent (no body byte moved for a while): while the
   * circuit is closed, ask the cheap probe now, one check at a time. A check that cannot reach the
   * endpoint opens the circuit, as a probe's failure does, and probes go on at the breaker's pace
   * until one closes it (or `signal` aborts): the silent emissions wait inside TCP, not in `run`,
   * so no caller would take the probe slot. An answer changes nothing (the link is slow, not gone).
   */
  suspect(endpoint: string, signal?: AbortSignal): void {
    const ep = this.endpoint(endpoint);
    const prober = ep.prober;
    if (prober === undefined || ep.checking || ep.breaker.current.kind !== 'closed') return;
    ep.checking = true;
    this.check(ep, prober, signal)
      .catch(() => undefined)
      .finally(() => {
        ep.checking = false;
      });
  }

  private async check(
    ep: Endpoint,
    prober: Prober,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const outcome = await prober({
      attempt: 1,
      deadline: this.clock.now() + this.settings.breaker.cheapProbeTimeoutMs,
      ...(signal === undefined ? {} : { signal }),
    });
    if (outcome.kind !== 'unreachable') return;
    ep.breaker.trip(this.clock.now(), outcome.reason === 'no-route');
    for (;;) {
      if (isAborted(signal)) return;
      const gate =
        ep.waiting > 0 ? ep.breaker.peek(this.clock.now()) : ep.breaker.take(this.clock.now());
      if (gate.kind === 'pass') return;
      // A caller waiting for the circuit takes the probe slot instead (its call goes beside a
      // no-route probe): step aside until the next change.
      if (gate.kind === 'probe' && ep.waiting === 0) {
        const route = gate.noRoute ? await this.checkRoute(ep, gate.id) : 'unknown';
        if (route !== 'gone') await this.probe(ep, ep.prober ?? prober, gate.id, signal);
      } else {
        const until =
          gate.kind === 'wait'
            ? gate.until
            : this.clock.now() + this.settings.breaker.noRouteProbeCapMs;
        await this.waitForChange(ep, until, signal);
      }
    }
  }

  /** Resolves when the endpoint's circuit lets a call through (closed, or a probe slot); rejects AbortError on signal. */
  async whenAvailable(endpoint: string, signal?: AbortSignal): Promise<void> {
    const ep = this.endpoint(endpoint);
    for (;;) {
      if (isAborted(signal)) throw abortError();
      const gate = ep.breaker.peek(this.clock.now());
      if (gate.kind !== 'wait') return;
      await this.waitForChange(ep, gate.until, signal);
    }
  }

  private async admit(ep: Endpoint, call: RetryCall): Promise<Admission> {
    const latestStart = call.deadline - this.settings.minAttemptMs;
    for (;;) {
      if (isAborted(call.signal)) return { kind: 'aborted' };
      const now = this.clock.now();
      const gate = ep.breaker.take(now);
      if (gate.kind === 'pass') {
        return { kind: 'go', probeId: 0, deadline: call.deadline, besideProbe: false };
      }
      if (gate.kind === 'beside') {
        return { kind: 'go', probeId: 0, deadline: call.deadline, besideProbe: true };
      }
      if (gate.kind === 'probe') {
        const deadline = Math.min(call.deadline, gate.deadline);
        if (ep.prober === undefined) {
          return { kind: 'go', probeId: gate.id, deadline, besideProbe: false };
        }
        const route = gate.noRoute ? await this.checkRoute(ep, gate.id) : 'unknown';
        // Work already planned goes as soon as the route is back, beside the cheap probe (issue
        // 15); with no route yet, it waits for the next check, having sent nothing.
        if (route === 'back') {
          this.probe(ep, ep.prober, gate.id, undefined).catch(() =>
            ep.breaker.releaseProbe(gate.id),
          );
          return { kind: 'go', probeId: 0, deadline: call.deadline, besideProbe: true };
        }
        if (route === 'gone') continue;
        if (gate.noRoute) {
          // Work already planned does not wait one round trip for the cheap probe's answer
          // (issue 15): while this machine had no route, the slot's call goes with it. The cheap
          // probe still decides for every other caller, in one round trip, not a part's time.
          this.probe(ep, ep.prober, gate.id, undefined).catch(() =>
            ep.breaker.releaseProbe(gate.id),
          );
          return { kind: 'go', probeId: gate.id, deadline, besideProbe: true };
        }
        await this.probe(ep, ep.prober, gate.id, call.signal);
        continue;
      }
      // Open with the next probe past our deadline: fail fast, spending neither budget nor attempt.
      if (now >= latestStart || (gate.open && gate.until > latestStart)) {
        return { kind: 'circuit-open', notBefore: gate.until };
      }
      ep.waiting += 1;
      try {
        await this.waitForChange(ep, Math.min(gate.until, latestStart), call.signal);
      } finally {
        ep.waiting -= 1;
      }
    }
  }

  /**
   * While the circuit's last failure was `no-route`, the probe slot first looks the route up
   * (`probeWith`'s `route`: nothing leaves this machine). None: the circuit opens again, the next
   * check at most `routeCheckCapMs` away ('gone'). Back: calls may go beside the cheap probe, which
   * the slot's holder sends now ('back'). Without a check, when it cannot tell, or when its word
   * proved wrong in this outage: 'unknown', the probe goes as without a check.
   */
  private async checkRoute(ep: Endpoint, probeId: number): Promise<'back' | 'gone' | 'unknown'> {
    const route = ep.route;
    if (route === undefined) return 'unknown';
    let outcome: Outcome<void> | undefined;
    try {
      outcome = await route();
    } catch {
      outcome = undefined;
    }
    if (outcome?.kind === 'unreachable' && outcome.reason === 'no-route') {
      ep.breaker.routeMissing(probeId, this.clock.now());
      return 'gone';
    }
    if (outcome?.kind !== 'success') {
      ep.breaker.routeUnknown();
      return 'unknown';
    }
    const answered = ep.breaker.routeAnswered(probeId);
    return answered === 'beside' ? 'back' : answered === 'not-held' ? 'gone' : 'unknown';
  }

  /**
   * Sends the endpoint's cheap request as the probe, for whichever caller took the slot; its
   * answer closes or re-opens the circuit and every waiting caller then goes on as it says.
   */
  private async probe(
    ep: Endpoint,
    prober: Prober,
    probeId: number,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const startAt = this.clock.now();
    let outcome: Outcome<unknown>;
    try {
      outcome = await prober({
        attempt: 1,
        deadline: startAt + this.settings.breaker.cheapProbeTimeoutMs,
        ...(signal === undefined ? {} : { signal }),
      });
    } catch (error) {
      ep.breaker.releaseProbe(probeId);
      throw error;
    }
    ep.breaker.record(outcome, startAt, this.clock.now(), probeId);
  }

  /** Sleeps until `until`, or less when the circuit changes or the signal aborts. */
  private async waitForChange(ep: Endpoint, until: number, signal?: AbortSignal): Promise<void> {
    const wake = new AbortController();
    const onAbort = (): void => wake.abort();
    signal?.addEventListener('abort', onAbort);
    const stop = ep.breaker.wakeOnChange(onAbort);
    try {
      await this.sleeper.sleep(Math.max(0, until - this.clock.now()), wake.signal);
    } catch (error) {
      if (!isAbortError(error)) throw error;
    } finally {
      stop();
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** No reconcile went without a token for a while: a refused one may go, as a first attempt. */
  private freeReconcile(ep: Endpoint, now: number): boolean {
    return now - ep.lastFreeReconcileAt >= this.settings.budget.reconcileFreeEveryMs;
  }

  private endpoint(name: string): Endpoint {
    const existing = this.endpoints.get(name);
    if (existing !== undefined) return existing;
    const ep: Endpoint = {
      budget: new RetryBudget(this.settings.budget),
      breaker: new CircuitBreaker(
        this.settings.breaker,
        this.random,
        (state) => this.emit({ type: 'circuit', endpoint: name, state }),
        this.jitter,
      ),
      counters: zeroCounters(),
      prober: undefined,
      route: undefined,
      checking: false,
      waiting: 0,
      lastFreeReconcileAt: this.clock.now(),
    };
    this.endpoints.set(name, ep);
    return ep;
  }

  /** The call's own event: to its caller first, then to every listener. */
  private tell(call: RetryCall, event: CallEvent): void {
    call.onEvent?.(event);
    this.emit(event);
  }

  private emit(event: RetryEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

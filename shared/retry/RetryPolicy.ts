import type { Clock } from '../ports/Clock';
import { isAbortError } from '../ports/abortError';
import type { Random } from '../ports/Random';
import type { Sleeper } from '../ports/Sleeper';
import { CircuitBreaker } from './CircuitBreaker';
import { EndpointGate, type Prober, type RouteCheck } from './EndpointGate';
import { equalJitter } from './equalJitter';
import { afterFailure } from './afterFailure';
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

export type { Prober, RouteCheck } from './EndpointGate';

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
  /** When a call may start an attempt, and the cheap probe (see `EndpointGate`). */
  readonly gate: EndpointGate;
  readonly counters: MutableCounters;
  /** When a reconcile last went without a token (see `reconcileFreeEveryMs`). */
  lastFreeReconcileAt: number;
};

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

/** One call's progress through its attempts. */
type CallState = {
  attempts: number;
  last: Failure | undefined;
  skewCorrected: boolean;
  /**
   * A retry paid for but not sent yet: refunded if the call ends first, so an outage spent waiting
   * on the breaker does not leave the budget drained by retries that never happened.
   */
  unsentRetry: boolean;
  /** Attempts that failed before leaving this machine while probing beside the cheap probe. */
  freeAttempts: number;
};

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
    const state: CallState = {
      attempts: 0,
      last: undefined,
      skewCorrected: false,
      unsentRetry: false,
      freeAttempts: 0,
    };
    const giveUp = (reason: GiveUpReason, notBefore?: number): CallResult<T> =>
      this.giveUp(ep, call, state, reason, notBefore);

    for (;;) {
      const admission = await ep.gate.admit(call);
      if (admission.kind === 'aborted') return giveUp('aborted');
      if (admission.kind === 'circuit-open') return giveUp('circuit-open', admission.notBefore);
      const startAt = this.clock.now();
      if (call.deadline - startAt < minAttemptMs) {
        ep.breaker.releaseProbe(admission.probeId);
        return giveUp('deadline');
      }
      state.attempts += 1;
      state.unsentRetry = false;
      if (state.attempts === 1) {
        const refusedUntil = this.payFirstAttempt(ep, call, startAt);
        if (refusedUntil !== undefined) {
          ep.breaker.releaseProbe(admission.probeId);
          state.attempts = 0;
          return giveUp('budget', refusedUntil);
        }
      }
      let outcome: Outcome<T>;
      try {
        outcome = await attempt({
          attempt: state.attempts,
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
        return { kind: 'success', value: outcome.value, attempts: state.attempts };
      }
      state.last = outcome;
      if (outcome.kind === 'aborted' || isAborted(call.signal)) return giveUp('aborted');
      const next = afterFailure({
        outcome,
        call,
        profile,
        minAttemptMs,
        ...state,
        besideProbe: admission.besideProbe,
        onRouteWord: admission.probeId === 0,
        receivedAt,
        backoff: () =>
          this.jitter(profile.baseMs, profile.capMs, state.attempts, this.random.next()),
      });
      if (next.kind === 'free') {
        if (next.routeLost) ep.breaker.routeLost(receivedAt);
        state.freeAttempts += 1;
        continue;
      }
      if (next.kind === 'give-up') return giveUp(next.reason, next.notBefore);
      if (next.skewed) state.skewCorrected = true;
      const refused = await this.waitToRetry(ep, call, state, outcome, next);
      if (refused === 'budget') return giveUp('budget', next.nextAttemptAt);
      if (refused === 'aborted') return giveUp('aborted');
    }
  }

  /**
   * A retry the budget pays for, told to the call's caller and the listeners, then its backoff slept; the reason to
   * give up instead (the budget refused, the call aborted while it slept).
   */
  private async waitToRetry(
    ep: Endpoint,
    call: RetryCall,
    state: CallState,
    failure: Failure,
    next: { readonly delay: number; readonly nextAttemptAt: number },
  ): Promise<'budget' | 'aborted' | undefined> {
    if (!ep.budget.tryRetry()) return 'budget';
    ep.counters.retriesGranted += 1;
    state.unsentRetry = true;
    this.tell(call, {
      type: 'retry-scheduled',
      endpoint: call.endpoint,
      operation: call.operation,
      attempt: state.attempts,
      failure,
      nextAttemptAt: next.nextAttemptAt,
    });
    try {
      await this.sleeper.sleep(next.delay, call.signal);
    } catch (error) {
      if (isAbortError(error) && isAborted(call.signal)) return 'aborted';
      throw error;
    }
    return undefined;
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
   * caller's own attempt (see `EndpointGate.probeWith`). Returns the way to stop.
   */
  probeWith(endpoint: string, prober: Prober, route?: RouteCheck): () => void {
    return this.endpoint(endpoint).gate.probeWith(prober, route);
  }

  /** A silent link: the cheap probe asked now (see `EndpointGate.suspect`). */
  suspect(endpoint: string, signal?: AbortSignal): void {
    this.endpoint(endpoint).gate.suspect(signal);
  }

  /** Resolves when the endpoint's circuit lets a call through (closed, or a probe slot); rejects AbortError on signal. */
  whenAvailable(endpoint: string, signal?: AbortSignal): Promise<void> {
    return this.endpoint(endpoint).gate.whenAvailable(signal);
  }

  /** External "network is back"/"went offline" signal (OS network change, resume from sleep). */
  networkChanged(online: boolean): void {
    const now = this.clock.now();
    for (const ep of this.endpoints.values()) ep.breaker.networkChanged(online, now);
  }

  /** Ends a call without success: a retry paid for but not sent refunded, the event told. */
  private giveUp<T>(
    ep: Endpoint,
    call: RetryCall,
    state: CallState,
    reason: GiveUpReason,
    notBefore: number | undefined,
  ): CallResult<T> {
    const { attempts, last } = state;
    if (state.unsentRetry) {
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
  }

  /**
   * A call's first attempt: counted, and fed to the budget; a reconcile (work the engine starts
   * again, ADR 0030) is paid like a retry, or goes free once every `reconcileFreeEveryMs`. Returns
   * when to try again if the budget refuses it, undefined when it may go.
   */
  private payFirstAttempt(ep: Endpoint, call: RetryCall, startAt: number): number | undefined {
    if (call.reconciles === true && ep.budget.tryRetry()) {
      ep.counters.retriesGranted += 1;
      return undefined;
    }
    if (call.reconciles === true && !this.freeReconcile(ep, startAt)) {
      const profile = this.settings.profiles[call.profile];
      return startAt + this.jitter(profile.baseMs, profile.capMs, 1, this.random.next());
    }
    ep.budget.onFirstAttempt();
    ep.counters.firstAttempts += 1;
    if (call.reconciles === true) ep.lastFreeReconcileAt = startAt;
    return undefined;
  }

  /** No reconcile went without a token for a while: a refused one may go, as a first attempt. */
  private freeReconcile(ep: Endpoint, now: number): boolean {
    return now - ep.lastFreeReconcileAt >= this.settings.budget.reconcileFreeEveryMs;
  }

  private endpoint(name: string): Endpoint {
    const existing = this.endpoints.get(name);
    if (existing !== undefined) return existing;
    const breaker = new CircuitBreaker(
      this.settings.breaker,
      this.random,
      (state) => this.emit({ type: 'circuit', endpoint: name, state }),
      this.jitter,
    );
    const ep: Endpoint = {
      budget: new RetryBudget(this.settings.budget),
      breaker,
      gate: new EndpointGate(breaker, this.clock, this.sleeper, this.settings),
      counters: zeroCounters(),
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

import type { Clock } from '../ports/Clock';
import { abortError, isAbortError } from '../ports/abortError';
import type { Sleeper } from '../ports/Sleeper';
import type { CircuitBreaker } from './CircuitBreaker';
import type { Outcome } from './Outcome';
import type { AttemptContext, RetryCall } from './RetryCall';
import type { RetrySettings } from './RetrySettings';

/** A request that costs the endpoint little (HeadBucket): proves it answers, moves no payload. */
export type Prober = (ctx: AttemptContext) => Promise<Outcome<unknown>>;

/**
 * Whether this machine has a route to the endpoint now, sending nothing: success when it has,
 * unreachable `no-route` when it has none, any other outcome when it cannot tell.
 */
export type RouteCheck = () => Promise<Outcome<void>>;

/** What the gate answers a call that wants to start an attempt. */
export type Admission =
  | {
      readonly kind: 'go';
      readonly probeId: number;
      readonly deadline: number;
      /** Sent as a probe beside the cheap one while no route: a `no-route` failure is free. */
      readonly besideProbe: boolean;
    }
  | { readonly kind: 'aborted' }
  | { readonly kind: 'circuit-open'; readonly notBefore: number };

const isAborted = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;

/**
 * One endpoint's way in, in front of its circuit breaker: when a call may start an attempt (now,
 * as the probe, beside the cheap probe, or after a wait), the cheap probe sent for whichever caller
 * holds the probe slot, the route looked up while there was none, and a silent link's check. The
 * retry policy asks it before every attempt (`admit`); the breaker's own state is pure
 * (`CircuitBreaker`), this is where its answers meet time, the prober and the waiting callers.
 */
export class EndpointGate {
  /** The endpoint's cheap request, sent as the breaker's probe (see `probeWith`). */
  private prober: Prober | undefined;
  /** Looks up this machine's route to the endpoint, the probe while there was none. */
  private route: RouteCheck | undefined;
  /** A check asked by `suspect` is on its way. */
  private checking = false;
  /** Callers waiting in `admit` for the circuit to let them through. */
  private waiting = 0;

  constructor(
    private readonly breaker: CircuitBreaker,
    private readonly clock: Clock,
    private readonly sleeper: Sleeper,
    private readonly settings: RetrySettings,
  ) {}

  /**
   * While the endpoint's circuit is open, probe it with `prober` rather than with the next
   * caller's own attempt: a probe that is an 8 MiB part holds every other caller for the whole
   * part over a slow link, where a HeadBucket answers in one round trip. Returns the way to stop.
   */
  probeWith(prober: Prober, route?: RouteCheck): () => void {
    this.prober = prober;
    this.route = route;
    this.breaker.useRouteCheck(route !== undefined);
    return () => {
      if (this.prober !== prober) return;
      this.prober = undefined;
      this.route = undefined;
      this.breaker.useRouteCheck(false);
    };
  }

  /**
   * The engine's emissions to the endpoint went silent (no body byte moved for a while): while the
   * circuit is closed, ask the cheap probe now, one check at a time. A check that cannot reach the
   * endpoint opens the circuit, as a probe's failure does, and probes go on at the breaker's pace
   * until one closes it (or `signal` aborts): the silent emissions wait inside TCP, not in `run`,
   * so no caller would take the probe slot. An answer changes nothing (the link is slow, not gone).
   */
  suspect(signal?: AbortSignal): void {
    const prober = this.prober;
    if (prober === undefined || this.checking || this.breaker.current.kind !== 'closed') return;
    this.checking = true;
    this.check(prober, signal)
      .catch(() => undefined)
      .finally(() => {
        this.checking = false;
      });
  }

  private async check(prober: Prober, signal: AbortSignal | undefined): Promise<void> {
    const outcome = await prober({
      attempt: 1,
      deadline: this.clock.now() + this.settings.breaker.cheapProbeTimeoutMs,
      ...(signal === undefined ? {} : { signal }),
    });
    if (outcome.kind !== 'unreachable') return;
    this.breaker.trip(this.clock.now(), outcome.reason === 'no-route');
    for (;;) {
      if (isAborted(signal)) return;
      const gate =
        this.waiting > 0
          ? this.breaker.peek(this.clock.now())
          : this.breaker.take(this.clock.now());
      if (gate.kind === 'pass') return;
      // A caller waiting for the circuit takes the probe slot instead (its call goes beside a
      // no-route probe): step aside until the next change.
      if (gate.kind === 'probe' && this.waiting === 0) {
        const route = gate.noRoute ? await this.checkRoute(gate.id) : 'unknown';
        if (route !== 'gone') await this.probe(this.prober ?? prober, gate.id, signal);
      } else {
        const until =
          gate.kind === 'wait'
            ? gate.until
            : this.clock.now() + this.settings.breaker.noRouteProbeCapMs;
        await this.waitForChange(until, signal);
      }
    }
  }

  /** Resolves when the endpoint's circuit lets a call through (closed, or a probe slot); rejects AbortError on signal. */
  async whenAvailable(signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (isAborted(signal)) throw abortError();
      const gate = this.breaker.peek(this.clock.now());
      if (gate.kind !== 'wait') return;
      await this.waitForChange(gate.until, signal);
    }
  }

  async admit(call: RetryCall): Promise<Admission> {
    const latestStart = call.deadline - this.settings.minAttemptMs;
    for (;;) {
      if (isAborted(call.signal)) return { kind: 'aborted' };
      const now = this.clock.now();
      const gate = this.breaker.take(now);
      if (gate.kind === 'pass') {
        return { kind: 'go', probeId: 0, deadline: call.deadline, besideProbe: false };
      }
      if (gate.kind === 'beside') {
        return { kind: 'go', probeId: 0, deadline: call.deadline, besideProbe: true };
      }
      if (gate.kind === 'probe') {
        const deadline = Math.min(call.deadline, gate.deadline);
        if (this.prober === undefined) {
          return { kind: 'go', probeId: gate.id, deadline, besideProbe: false };
        }
        const route = gate.noRoute ? await this.checkRoute(gate.id) : 'unknown';
        // Work already planned goes as soon as the route is back, beside the cheap probe (issue
        // 15); with no route yet, it waits for the next check, having sent nothing.
        if (route === 'back') {
          this.probe(this.prober, gate.id, undefined).catch(() =>
            this.breaker.releaseProbe(gate.id),
          );
          return { kind: 'go', probeId: 0, deadline: call.deadline, besideProbe: true };
        }
        if (route === 'gone') continue;
        if (gate.noRoute) {
          // Work already planned does not wait one round trip for the cheap probe's answer
          // (issue 15): while this machine had no route, the slot's call goes with it. The cheap
          // probe still decides for every other caller, in one round trip, not a part's time.
          this.probe(this.prober, gate.id, undefined).catch(() =>
            this.breaker.releaseProbe(gate.id),
          );
          return { kind: 'go', probeId: gate.id, deadline, besideProbe: true };
        }
        await this.probe(this.prober, gate.id, call.signal);
        continue;
      }
      // Open with the next probe past our deadline: fail fast, spending neither budget nor attempt.
      if (now >= latestStart || (gate.open && gate.until > latestStart)) {
        return { kind: 'circuit-open', notBefore: gate.until };
      }
      this.waiting += 1;
      try {
        await this.waitForChange(Math.min(gate.until, latestStart), call.signal);
      } finally {
        this.waiting -= 1;
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
  private async checkRoute(probeId: number): Promise<'back' | 'gone' | 'unknown'> {
    const route = this.route;
    if (route === undefined) return 'unknown';
    let outcome: Outcome<void> | undefined;
    try {
      outcome = await route();
    } catch {
      outcome = undefined;
    }
    if (outcome?.kind === 'unreachable' && outcome.reason === 'no-route') {
      this.breaker.routeMissing(probeId, this.clock.now());
      return 'gone';
    }
    if (outcome?.kind !== 'success') {
      this.breaker.routeUnknown();
      return 'unknown';
    }
    const answered = this.breaker.routeAnswered(probeId);
    return answered === 'beside' ? 'back' : answered === 'not-held' ? 'gone' : 'unknown';
  }

  /**
   * Sends the endpoint's cheap request as the probe, for whichever caller took the slot; its
   * answer closes or re-opens the circuit and every waiting caller then goes on as it says.
   */
  private async probe(
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
      this.breaker.releaseProbe(probeId);
      throw error;
    }
    this.breaker.record(outcome, startAt, this.clock.now(), probeId);
  }

  /** Sleeps until `until`, or less when the circuit changes or the signal aborts. */
  private async waitForChange(until: number, signal?: AbortSignal): Promise<void> {
    const wake = new AbortController();
    const onAbort = (): void => wake.abort();
    signal?.addEventListener('abort', onAbort);
    const stop = this.breaker.wakeOnChange(onAbort);
    try {
      await this.sleeper.sleep(Math.max(0, until - this.clock.now()), wake.signal);
    } catch (error) {
      if (!isAbortError(error)) throw error;
    } finally {
      stop();
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

import type { Clock } from '../../shared/ports/Clock';
import type { EmissionOptions } from '../../shared/ports/ObjectStore';
import type { Sleeper } from '../../shared/ports/Sleeper';
import type { Failure, Outcome } from '../../shared/retry/Outcome';
import { defaultSilentMs } from './defaultSilentMs';

export type MemoryOperation =
  | 'probeListing'
  | 'putObject'
  | 'createMultipartUpload'
  | 'uploadPart'
  | 'listParts'
  | 'listMultipartUploads'
  | 'completeMultipartUpload'
  | 'abortMultipartUpload'
  | 'headObject'
  | 'getObject'
  | 'deleteObject'
  | 'listObjects';

/** What a fault hook sees of a request: the operation and the key it touches, when it has one. */
export type MemoryRequest = {
  readonly operation: MemoryOperation;
  readonly key?: string;
  /** The prefix a listing asked for (least privilege: every request inside the night's). */
  readonly prefix?: string;
  readonly partNumber?: number;
  readonly at: number;
  readonly bodyBytes: number;
};

export type MemoryEndpointOptions = {
  readonly clock?: Clock;
  /** With a sleeper, every request takes `latencyMs` plus its body at `bytesPerSec` (virtual time in tests). */
  readonly sleeper?: Sleeper;
  readonly latencyMs?: number;
  readonly bytesPerSec?: number;
  readonly bucketExists?: boolean;
  readonly credentialsValid?: boolean;
  /** An emission stalled by a lost route tells `onSilent` after this long (`defaultSilentMs`). */
  readonly silentMs?: number;
  /** TCP's first retransmission timeout, doubled at each retransmission (default 300 ms). */
  readonly retransmitMs?: number;
};

type Fault = {
  operation: MemoryOperation;
  remaining: number;
  matches: (request: MemoryRequest) => boolean;
  /** A failure returned without acting, or 'lose-reply': act, then report the connection reset. */
  effect: Failure | 'lose-reply';
};

/**
 * The memory store's endpoint, apart from what it stores: the request log, the wire time, the
 * deadline and signal, the endpoint's state (down, credentials, bucket) and the scripted faults
 * a test sets. `MemoryObjectStore` extends it with S3's semantics.
 */
export class MemoryEndpoint {
  readonly requests: MemoryRequest[] = [];
  /** Route checks asked (`checkRoute`): nothing reaches the endpoint, so not in `requests`. */
  routeChecks = 0;
  private faults: Fault[] = [];
  private down = false;
  /** When this machine's route to the endpoint went, while it is gone (see `setRoute`). */
  private routeLostAt: number | undefined;
  private readonly routeChanged = new Set<() => void>();
  private bucketExists: boolean;
  private credentialsValid: boolean;
  /** What the key may not do (a bucket policy's missing permissions): 403 AccessDenied. */
  private denied = new Set<MemoryOperation>();
  /** The key's folder (a home-folder policy): a request outside it is denied. */
  private scope: string | undefined;

  constructor(private readonly settings: MemoryEndpointOptions) {
    this.bucketExists = settings.bucketExists ?? true;
    this.credentialsValid = settings.credentialsValid ?? true;
  }

  /** The next `times` matching calls of `operation` get `failure` (or, for 'lose-reply', act then fail). */
  failNext(
    operation: MemoryOperation,
    times: number,
    effect: Failure | 'lose-reply',
    matches: (request: MemoryRequest) => boolean = () => true,
  ): void {
    this.faults.push({ operation, remaining: times, matches, effect });
  }

  /** Unreachable: every request fails at once with connection refused (and is still counted). */
  setDown(down: boolean): void {
    this.down = down;
  }

  /**
   * This machine's route to the endpoint (a link set down, a tether lost). While it is gone a new
   * request fails at once with `no-route`; one on the wire when it went stalls as on TCP: silent
   * until the route is back, then until the connection's next retransmission, its timer doubled
   * from `retransmitMs` since the route went (with a sleeper only).
   */
  setRoute(up: boolean): void {
    if (up === (this.routeLostAt === undefined)) return;
    this.routeLostAt = up ? undefined : this.now();
    const watchers = [...this.routeChanged];
    this.routeChanged.clear();
    for (const watch of watchers) watch();
  }

  /** This machine's route to the endpoint, as `setRoute` left it; sends nothing. */
  checkRoute(): Promise<Outcome<void>> {
    this.routeChecks += 1;
    return Promise.resolve(
      this.routeLostAt === undefined
        ? { kind: 'success', value: undefined }
        : { kind: 'unreachable', reason: 'no-route' },
    );
  }

  setCredentialsValid(valid: boolean): void {
    this.credentialsValid = valid;
  }

  /**
   * The key's permissions as a bucket policy gives them: `denied` operations get 403
   * AccessDenied (a HEAD's without a code: it has no body), and so does any request outside
   * `scope` when one is given (a home-folder key).
   */
  setPermissions(p: {
    readonly denied?: readonly MemoryOperation[];
    readonly scope?: string;
  }): void {
    this.denied = new Set(p.denied ?? []);
    this.scope = p.scope;
  }

  setBucketExists(exists: boolean): void {
    this.bucketExists = exists;
  }

  clearFaults(): void {
    this.faults = [];
  }

  count(operation?: MemoryOperation): number {
    return operation === undefined
      ? this.requests.length
      : this.requests.filter((r) => r.operation === operation).length;
  }

  protected now(): number {
    return this.settings.clock?.now() ?? Date.now();
  }

  /**
   * Everything an emission goes through before and after acting: the log, the wire time, the
   * deadline and signal, the endpoint's state and the scripted faults.
   */
  protected async emit<T>(
    request: Omit<MemoryRequest, 'at'>,
    given: EmissionOptions,
    act: () => Promise<Outcome<T>> | Outcome<T>,
  ): Promise<Outcome<T>> {
    // The bandwidth cap holds the body back before it leaves, as the S3 adapter's slices do, and
    // the time it takes is not the deadline's.
    let options = given;
    if (given.pace !== undefined && request.bodyBytes > 0 && given.signal?.aborted !== true) {
      const before = this.now();
      try {
        await given.pace.take(request.bodyBytes, given.signal);
      } catch {
        return { kind: 'aborted' };
      }
      options = { ...given, deadline: given.deadline + this.now() - before };
    }
    const at = this.now();
    this.requests.push({ ...request, at });
    if (options.signal?.aborted) return { kind: 'aborted' };
    if (at >= options.deadline) return { kind: 'unreachable', reason: 'timeout' };
    if (this.down) return { kind: 'unreachable', reason: 'connection-refused' };
    if (this.routeLostAt !== undefined) return { kind: 'unreachable', reason: 'no-route' };
    const sleeper = this.settings.sleeper;
    if (sleeper !== undefined) {
      const wire =
        (this.settings.latencyMs ?? 0) +
        (this.settings.bytesPerSec === undefined
          ? 0
          : (request.bodyBytes * 1000) / this.settings.bytesPerSec);
      const wait = Math.min(wire, Math.max(0, options.deadline - at));
      const travelled = await this.travel(sleeper, wait, request.bodyBytes, options);
      if (travelled !== undefined) return travelled;
      if (this.now() >= options.deadline && wait < wire) {
        return { kind: 'unreachable', reason: 'timeout' };
      }
    }
    if (this.down) return { kind: 'unreachable', reason: 'connection-reset' };
    options.onBytesSent?.(request.bodyBytes);
    const fault = this.faults.find(
      (f) => f.operation === request.operation && f.remaining > 0 && f.matches({ ...request, at }),
    );
    if (fault !== undefined) {
      fault.remaining -= 1;
      if (fault.effect !== 'lose-reply') return fault.effect;
    }
    if (!this.credentialsValid) return { kind: 'refused', status: 403, code: 'InvalidAccessKeyId' };
    if (!this.bucketExists) return { kind: 'refused', status: 404, code: 'NoSuchBucket' };
    const where = request.key ?? request.prefix ?? '';
    if (
      this.denied.has(request.operation) ||
      (this.scope !== undefined && !where.startsWith(this.scope))
    ) {
      return request.operation === 'headObject'
        ? { kind: 'refused', status: 403 }
        : { kind: 'refused', status: 403, code: 'AccessDenied' };
    }
    const outcome = await act();
    if (fault?.effect === 'lose-reply') return { kind: 'unreachable', reason: 'connection-reset' };
    return outcome;
  }

  /** Sleeps an emission's wire time; a route lost meanwhile stalls it (see `setRoute`). */
  private async travel(
    sleeper: Sleeper,
    wireMs: number,
    bodyBytes: number,
    options: EmissionOptions,
  ): Promise<Failure | undefined> {
    const startedAt = this.now();
    let left = wireMs;
    for (;;) {
      const from = this.now();
      const waited = await this.waitOrRouteChange(sleeper, left, options);
      if (waited !== 'route-changed') return waited === 'done' ? undefined : waited;
      left -= this.now() - from;
      const lostAt = this.routeLostAt ?? this.now();
      // The bytes that went out before the route did, for the engine's view of what moved.
      const before = ((lostAt - startedAt - (this.settings.latencyMs ?? 0)) / wireMs) * bodyBytes;
      if (bodyBytes > 0 && before > 0)
        options.onBytesSent?.(Math.min(bodyBytes, Math.floor(before)));
      const stalled = await this.stall(sleeper, lostAt, options);
      if (stalled !== undefined) return stalled;
    }
  }

  /**
   * Silent from `lostAt` until the connection's first retransmission once the route is back: its
   * timer fires at `retransmitMs`, then doubled each time, whatever the route.
   */
  private async stall(
    sleeper: Sleeper,
    lostAt: number,
    options: EmissionOptions,
  ): Promise<Failure | undefined> {
    const silentAt = lostAt + (this.settings.silentMs ?? defaultSilentMs);
    let timer = this.settings.retransmitMs ?? 300;
    let retransmitAt = lostAt + timer;
    let told = false;
    for (;;) {
      const until = told ? retransmitAt : Math.min(silentAt, retransmitAt);
      const waited = await this.waitOrRouteChange(sleeper, until - this.now(), options);
      if (waited !== 'done' && waited !== 'route-changed') return waited;
      const now = this.now();
      if (!told && now >= silentAt) {
        told = true;
        options.onSilent?.();
      }
      if (now >= retransmitAt) {
        if (this.routeLostAt === undefined) return undefined;
        timer *= 2;
        retransmitAt += timer;
      }
    }
  }

  /** Sleeps `ms` unless the route changes or the emission is stopped. */
  private async waitOrRouteChange(
    sleeper: Sleeper,
    ms: number,
    options: EmissionOptions,
  ): Promise<'done' | 'route-changed' | Failure> {
    const wake = new AbortController();
    const onChange = (): void => wake.abort();
    this.routeChanged.add(onChange);
    const stops = [options.signal, options.abandon].filter((s) => s !== undefined);
    for (const stop of stops) stop.addEventListener('abort', onChange, { once: true });
    try {
      if (options.signal?.aborted) return { kind: 'aborted' };
      if (options.abandon?.aborted) return { kind: 'unreachable', reason: 'stalled-in-outage' };
      if (ms > 0) await sleeper.sleep(ms, wake.signal);
      return 'done';
    } catch {
      if (options.signal?.aborted) return { kind: 'aborted' };
      if (options.abandon?.aborted) return { kind: 'unreachable', reason: 'stalled-in-outage' };
      return 'route-changed';
    } finally {
      this.routeChanged.delete(onChange);
      for (const stop of stops) stop.removeEventListener('abort', onChange);
    }
  }
}

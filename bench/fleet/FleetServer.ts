/** When the outage happens, relative to the simulation's start. */
export type OutageShape = {
  readonly startMs: number;
  /** First the service answers 503 with Retry-After... */
  readonly refusingMs: number;
  readonly retryAfterS: number;
  /** ...then the host is gone (connections refused), until the outage ends. */
  readonly unreachableMs: number;
};

export type ServerSettings = {
  /** Requests the server can answer per second. */
  readonly capacityPerS: number;
  /** Requests waiting beyond this are refused with 503 SlowDown at once. */
  readonly maxQueue: number;
  /** Round trip of the network between a client and the server. */
  readonly rttMs: number;
  /** None for the baseline run. */
  readonly outage?: OutageShape;
};

export type Phase = 'up' | 'refusing' | 'unreachable';

/** The server's answer to a request whose body has fully arrived. */
export type Admission =
  | { readonly kind: 'served'; readonly doneAt: number }
  | { readonly kind: 'refused'; readonly retryAfterMs?: number; readonly code: string }
  | { readonly kind: 'unreachable' };

/** Per-second counts, one slot per second from the simulation's start. */
export type ServerSeries = {
  /** Requests that reached the server (connection attempts while unreachable). */
  readonly received: number[];
  /** Refused: 503 during the outage, SlowDown when the queue is full. */
  readonly refused: number[];
  /** Answered with success, at the second the answer left. */
  readonly served: number[];
  /** Payload bytes of the requests answered with success. */
  readonly goodputBytes: number[];
};

const bump = (series: number[], second: number, by = 1): void => {
  while (series.length <= second) series.push(0);
  series[second] = (series[second] ?? 0) + by;
};

/**
 * One S3 endpoint as the fleet meets it: a single queue served at `capacityPerS` (so latency grows
 * with the backlog), refusing with SlowDown past `maxQueue`, and an outage (503 + Retry-After,
 * then unreachable) that ends at a set instant. Pure: time is passed in.
 */
export class FleetServer {
  private freeAt: number;
  readonly series: ServerSeries = { received: [], refused: [], served: [], goodputBytes: [] };
  /** Requests received, by S3 operation. */
  readonly operations = new Map<string, number>();
  /** Every request's arrival and operation, when asked for (a small fleet's check against reality). */
  readonly arrivals: { readonly at: number; readonly operation: string }[] = [];

  constructor(
    readonly settings: ServerSettings,
    readonly startedAt: number,
    private readonly keepArrivals = false,
  ) {
    this.freeAt = startedAt;
  }

  /** The instant the outage ends (the start for a run without one). */
  get recoveredAt(): number {
    const o = this.settings.outage;
    return o === undefined
      ? this.startedAt
      : this.startedAt + o.startMs + o.refusingMs + o.unreachableMs;
  }

  phase(now: number): Phase {
    const o = this.settings.outage;
    if (o === undefined) return 'up';
    const t = now - this.startedAt - o.startMs;
    if (t < 0 || t >= o.refusingMs + o.unreachableMs) return 'up';
    return t < o.refusingMs ? 'refusing' : 'unreachable';
  }

  /** A request (or a connection attempt) reaches the server now. */
  receive(now: number, operation = 'request'): void {
    bump(this.series.received, this.second(now));
    this.operations.set(operation, (this.operations.get(operation) ?? 0) + 1);
    if (this.keepArrivals) this.arrivals.push({ at: now, operation });
  }

  /** Requests waiting or in service at `now`. */
  backlog(now: number): number {
    return (Math.max(0, this.freeAt - now) * this.settings.capacityPerS) / 1000;
  }

  /** The body is in: queue it, or refuse it (outage, full queue). */
  admit(now: number): Admission {
    const phase = this.phase(now);
    if (phase === 'unreachable') return { kind: 'unreachable' };
    if (phase === 'refusing') {
      bump(this.series.refused, this.second(now));
      const retryAfterS = this.settings.outage?.retryAfterS;
      return {
        kind: 'refused',
        code: 'ServiceUnavailable',
        ...(retryAfterS === undefined ? {} : { retryAfterMs: retryAfterS * 1000 }),
      };
    }
    if (this.backlog(now) >= this.settings.maxQueue) {
      bump(this.series.refused, this.second(now));
      return { kind: 'refused', code: 'SlowDown' };
    }
    this.freeAt = Math.max(now, this.freeAt) + 1000 / this.settings.capacityPerS;
    return { kind: 'served', doneAt: this.freeAt };
  }

  /** The client got the success answer (a late one the client gave up on is not goodput). */
  delivered(now: number, payloadBytes: number): void {
    const s = this.second(now);
    bump(this.series.served, s);
    if (payloadBytes > 0) bump(this.series.goodputBytes, s, payloadBytes);
  }

  private second(now: number): number {
    return Math.max(0, Math.floor((now - this.startedAt) / 1000));
  }
}

import { describe, expect, it } from 'vitest';
import { FleetServer } from '../../../../bench/fleet/FleetServer';

const T0 = 1_000_000;
const outage = { startMs: 10_000, refusingMs: 5_000, retryAfterS: 30, unreachableMs: 5_000 };

describe('FleetServer', () => {
  it('serves at its capacity: answers at the same instant leave 1/capacity apart', () => {
    const server = new FleetServer({ capacityPerS: 4, maxQueue: 100, rttMs: 0 }, T0);
    const done = [0, 1, 2].map(() => server.admit(T0));
    expect(done).toEqual([
      { kind: 'served', doneAt: T0 + 250 },
      { kind: 'served', doneAt: T0 + 500 },
      { kind: 'served', doneAt: T0 + 750 },
    ]);
    // Latency grows with the backlog, and the backlog drains with time.
    expect(server.backlog(T0)).toBe(3);
    expect(server.backlog(T0 + 500)).toBe(1);
    expect(server.admit(T0 + 2_000)).toEqual({ kind: 'served', doneAt: T0 + 2_250 });
  });

  it('refuses with SlowDown past its queue, and serves again once it drained', () => {
    const server = new FleetServer({ capacityPerS: 10, maxQueue: 2, rttMs: 0 }, T0);
    expect(server.admit(T0).kind).toBe('served');
    expect(server.admit(T0).kind).toBe('served');
    expect(server.admit(T0)).toEqual({ kind: 'refused', code: 'SlowDown' });
    expect(server.admit(T0 + 100).kind).toBe('served');
    expect(server.series.refused).toEqual([1]);
  });

  it('goes through the outage: 503 with Retry-After, then unreachable, then up at the set instant', () => {
    const server = new FleetServer({ capacityPerS: 10, maxQueue: 10, rttMs: 0, outage }, T0);
    expect(server.phase(T0 + 9_999)).toBe('up');
    expect(server.admit(T0 + 10_000)).toEqual({
      kind: 'refused',
      code: 'ServiceUnavailable',
      retryAfterMs: 30_000,
    });
    expect(server.phase(T0 + 14_999)).toBe('refusing');
    expect(server.admit(T0 + 15_000)).toEqual({ kind: 'unreachable' });
    expect(server.phase(T0 + 19_999)).toBe('unreachable');
    expect(server.recoveredAt).toBe(T0 + 20_000);
    expect(server.admit(T0 + 20_000).kind).toBe('served');
  });

  it('counts per second what it received, refused and delivered', () => {
    const server = new FleetServer({ capacityPerS: 10, maxQueue: 10, rttMs: 0, outage }, T0);
    server.receive(T0 + 100);
    server.receive(T0 + 900);
    server.receive(T0 + 2_500);
    server.delivered(T0 + 2_600, 1_000);
    server.delivered(T0 + 2_700, 0);
    server.receive(T0 + 11_000);
    server.admit(T0 + 11_000);
    expect(server.series.received.slice(0, 3)).toEqual([2, 0, 1]);
    expect(server.series.served[2]).toBe(2);
    expect(server.series.goodputBytes[2]).toBe(1_000);
    expect(server.series.refused[11]).toBe(1);
  });
});

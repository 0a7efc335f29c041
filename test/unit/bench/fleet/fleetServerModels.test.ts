import { describe, expect, it } from 'vitest';
import { FleetServer, type ServerSettings } from '../../../../bench/fleet/FleetServer';
import { FleetTally } from '../../../../bench/fleet/FleetTally';
import { isFleetServerModel } from '../../../../bench/fleet/fleetServerModels';
import { fleetSettings } from '../../../../bench/fleet/runFleetPart';

const T0 = 1_000_000;

describe('the fleet bench server models', () => {
  it('queues 10 s of work by default, 1 s for the slowdown server, at the same capacity', () => {
    const queue = fleetSettings(1000, 5).server;
    const slowdown = fleetSettings(1000, 5, 'slowdown').server;
    expect(queue.capacityPerS).toBe(100);
    expect(queue.maxQueue).toBe(1000);
    expect(slowdown.capacityPerS).toBe(100);
    expect(slowdown.maxQueue).toBe(100);
    expect(slowdown.outage).toEqual(queue.outage);
    expect(fleetSettings(10_000, 5, 'slowdown').server.maxQueue).toBe(1000);
    expect(isFleetServerModel('slowdown')).toBe(true);
    expect(isFleetServerModel('token-bucket')).toBe(false);
  });

  it('the slowdown server refuses past 1 s of work with SlowDown and no Retry-After, a refusal still received', () => {
    // Outside any outage: the bound alone.
    const upOnly = (server: ServerSettings): ServerSettings => ({
      capacityPerS: server.capacityPerS,
      maxQueue: server.maxQueue,
      rttMs: server.rttMs,
    });
    const server = new FleetServer(upOnly(fleetSettings(1000, 5, 'slowdown').server), T0);
    const answers = Array.from({ length: 101 }, () => {
      server.receive(T0, 'PutObject');
      return server.admit(T0);
    });
    expect(answers.slice(0, 100).every((a) => a.kind === 'served')).toBe(true);
    expect(answers[100]).toEqual({ kind: 'refused', code: 'SlowDown' });
    expect(server.series.received).toEqual([101]);
    expect(server.series.refused).toEqual([1]);
    // 10 ms of work later one answer has left: one more fits.
    expect(server.admit(T0 + 10).kind).toBe('served');
    expect(server.admit(T0 + 10)).toEqual({ kind: 'refused', code: 'SlowDown' });
    // The queueing server takes the same burst.
    const patient = new FleetServer(upOnly(fleetSettings(1000, 5).server), T0);
    expect(Array.from({ length: 101 }, () => patient.admit(T0).kind)).not.toContain('refused');
  });

  it('tallies the clients per second: circuits opened, calls given up by reason', () => {
    const tally = new FleetTally(T0);
    tally.circuitOpened(T0 + 1_500);
    tally.circuitOpened(T0 + 1_900);
    tally.gaveUp(T0 + 300, 'budget');
    tally.gaveUp(T0 + 2_100, 'circuit-open');
    tally.gaveUp(T0 + 2_200, 'budget');
    expect(tally.series.circuitOpened).toEqual([0, 2]);
    expect(tally.series.gaveUp).toEqual({ budget: [1, 0, 1], 'circuit-open': [0, 0, 1] });
  });
});

import { describe, expect, it } from 'vitest';
import { fleetFigures } from '../../../../bench/fleet/fleetFigures';
import { fleetVariants, type VariantName } from '../../../../bench/fleet/fleetVariants';
import {
  fleetNights,
  fleetStart,
  simulateFleet,
  type FleetSettings,
} from '../../../../bench/fleet/simulateFleet';
import { defaultEngineSettings } from '../../../../electron/engine/EngineSettings';

const MIN = 60_000;

const settings = (seed: number): FleetSettings => ({
  clients: 12,
  seed,
  nightFiles: 6,
  morningMs: 10 * MIN,
  linkBytesPerS: 2.5e6,
  server: {
    capacityPerS: 2,
    maxQueue: 20,
    rttMs: 60,
    outage: { startMs: 4 * MIN, refusingMs: 2 * MIN, retryAfterS: 30, unreachableMs: 3 * MIN },
  },
  horizonMs: 6 * 60 * MIN,
});
const window = { outageStartS: 240, outageEndS: 540, capacityPerS: 2 };

const variant = (name: VariantName) => {
  const v = fleetVariants.find((x) => x.name === name);
  if (v === undefined) throw new Error(name);
  return v;
};

describe('simulateFleet', () => {
  it('is deterministic: same seed, same figures; another seed, others', async () => {
    const a = await simulateFleet(settings(3), variant('depot'));
    const b = await simulateFleet(settings(3), variant('depot'));
    const c = await simulateFleet(settings(4), variant('depot'));
    expect(b.series).toEqual(a.series);
    expect(b.clients).toEqual(a.clients);
    expect(c.series.received).not.toEqual(a.series.received);
    const fa = fleetFigures(a, window);
    expect({ ...fleetFigures(b, window), wallS: 0 }).toEqual({ ...fa, wallS: 0 });
  });

  it('verifies every night, and a Depot never retries beyond its budget', async () => {
    const run = await simulateFleet(settings(3), variant('depot'));
    expect(run.clients).toHaveLength(12);
    for (const c of run.clients) {
      expect(c.verifiedAt).toBeGreaterThan(c.startAt);
      expect(c.retries).toBeLessThanOrEqual(c.retryBound);
      expect(c.replayedWrites).toBe(0);
    }
  });

  it('with a congestion window (depot-aimd): every night verified, no write sent twice, the same requests as Depot where no answer was slow', async () => {
    const run = await simulateFleet(settings(3), variant('depot-aimd'));
    expect(run.clients).toHaveLength(12);
    for (const c of run.clients) {
      expect(c.verifiedAt).toBeGreaterThan(c.startAt);
      expect(c.retries).toBeLessThanOrEqual(c.retryBound);
      expect(c.replayedWrites).toBe(0);
    }
    // The window only orders the same work: with no outage and no queue, no request is added.
    const { rttMs } = settings(3).server;
    const calm = { ...settings(3), server: { capacityPerS: 1000, maxQueue: 10_000, rttMs } };
    const withWindow = await simulateFleet(calm, variant('depot-aimd'));
    const without = await simulateFleet(calm, variant('depot'));
    expect(withWindow.operations).toEqual(without.operations);
  });

  it("sends, without an outage, exactly the engine's requests for each night", async () => {
    const s = settings(3);
    const run = await simulateFleet(s, variant('depot-no-outage'));
    const sizes = fleetNights(s).flatMap((n) => n.sizes);
    const threshold = defaultEngineSettings.multipartThreshold;
    const singles = sizes.filter((b) => b < threshold).length;
    const multis = sizes.filter((b) => b >= threshold);
    const parts = multis.reduce((n, b) => n + Math.ceil(b / defaultEngineSettings.partSize), 0);
    expect(multis.length).toBeGreaterThan(0);
    expect(run.operations).toEqual({
      ListObjectsV2: 12,
      PutObject: singles + 12,
      HeadObject: 2 * multis.length,
      CreateMultipartUpload: multis.length,
      UploadPart: parts,
      CompleteMultipartUpload: multis.length,
      ListMultipartUploads: 12,
    });
  });

  it('settles a write whose reply was lost by asking the server, never by sending it again', async () => {
    // Answers slower than a 2 s call deadline: the server acts, the client hears nothing.
    const s: FleetSettings = {
      ...settings(3),
      morningMs: MIN,
      server: { capacityPerS: 2, maxQueue: 20, rttMs: 60 },
      engine: { ...defaultEngineSettings, callTimeoutMs: 2_000 },
    };
    const run = await simulateFleet(s, variant('depot-no-outage'));
    const sizes = fleetNights(s).flatMap((n) => n.sizes);
    const multis = sizes.filter((b) => b >= defaultEngineSettings.multipartThreshold).length;
    const singles = sizes.length - multis;
    const ops = run.operations;
    expect(ops.ListParts).toBeGreaterThan(0);
    expect(ops.GetObject).toBeGreaterThan(0);
    // Each file's upload created and completed once; a manifest again only to meet its own
    // object (412), then read (GetObject); no write the server already held is sent again.
    expect(ops.CreateMultipartUpload).toBe(multis);
    expect(ops.CompleteMultipartUpload).toBe(multis);
    // A small file is PUT again only once a look found it absent (its body was cut short).
    expect(ops.PutObject).toBeGreaterThanOrEqual(singles + 12 + (ops.GetObject ?? 0));
    for (const c of run.clients) {
      expect(c.replayedWrites).toBe(0);
      expect(c.verifiedAt).toBeGreaterThan(c.startAt);
      expect(c.retries).toBeLessThanOrEqual(c.retryBound);
    }
  });

  it('the outage costs the server far fewer requests with Depot than without one', async () => {
    const withOutage = fleetFigures(await simulateFleet(settings(3), variant('depot')), window);
    const normal = fleetFigures(
      await simulateFleet(settings(3), variant('depot-no-outage')),
      window,
    );
    expect(normal.refused).toBe(0);
    expect(withOutage.refused).toBeGreaterThan(0);
    expect(withOutage.outageRequests).toBeLessThan(normal.outageRequests);
    // The server never verifies a night during the outage: drained only after it ends.
    expect(withOutage.drainS).toBeGreaterThan(0);
  });

  it('lends the slots of workers with nothing left to the parts of a file still in flight (ADR 0009)', async () => {
    const MiB = 1024 * 1024;
    const s: FleetSettings = {
      ...settings(3),
      clients: 1,
      server: { capacityPerS: 100, maxQueue: 1_000, rttMs: 60 },
      keepArrivals: true,
    };
    // One large file after three small ones: at the tail, one file and four slots.
    const sizes = [MiB, MiB, MiB, 40 * MiB];
    const run = await simulateFleet(s, variant('depot-no-outage'), [
      { startAt: fleetStart, sizes },
    ]);
    const parts = Math.ceil((40 * MiB) / defaultEngineSettings.partSize);
    expect(run.operations.UploadPart).toBe(parts);
    // Parts in flight at once: a lane's next part starts after its part's answer, at least one
    // body's time later, so parts starting within one body's time went on different slots. Slots
    // are lent as the small files finish (StreamSlots.onFree), not when the file's lane is free.
    const bodyMs =
      defaultEngineSettings.partSize / (s.linkBytesPerS / defaultEngineSettings.concurrency / 1000);
    const starts = run.arrivals.filter((a) => a.operation === 'UploadPart').map((a) => a.at);
    const together = Math.max(
      ...starts.map((t) => starts.filter((u) => u >= t && u < t + bodyMs).length),
    );
    expect(together).toBe(defaultEngineSettings.concurrency);
  });

  it('models depot deposit --bwlimit on loopback: checks first, bodies paced before they go', async () => {
    const MiB = 1024 * 1024;
    const linkBytesPerS = 2 * MiB;
    const s: FleetSettings = {
      ...settings(3),
      clients: 1,
      linkBytesPerS,
      server: { capacityPerS: 200, maxQueue: 2_000, rttMs: 5 },
      cliOnLoopback: true,
      keepArrivals: true,
    };
    const sizes = [4 * MiB, 4 * MiB];
    const run = await simulateFleet(s, variant('depot-no-outage'), [
      { startAt: fleetStart, sizes },
    ]);
    // The command's probe (a listing) and the engine's HeadBucket, then the run's listing.
    expect(run.arrivals.slice(0, 3).map((a) => a.operation)).toEqual([
      'ListObjectsV2',
      'HeadBucket',
      'ListObjectsV2',
    ]);
    // Each PUT reaches the server once its body is paced (two read side by side share the cap,
    // less the bucket's one-second burst): never before its share of the cap allowed it.
    const puts = run.arrivals.filter((a) => a.operation === 'PutObject' && a.at > fleetStart);
    const firstTwo = puts.slice(0, 2).map((a) => a.at - fleetStart);
    const paced = ((8 * MiB - linkBytesPerS) * 1000) / linkBytesPerS;
    expect(Math.max(...firstTwo)).toBeGreaterThanOrEqual(paced);
  });

  it('against the slowdown server (1 s of queue): same seed, same figures; more refusals after the outage than the queueing server', async () => {
    // The same morning, the queue bounded at 1 s of work instead of 10 s.
    const tight: FleetSettings = { ...settings(3), server: { ...settings(3).server, maxQueue: 2 } };
    const a = await simulateFleet(tight, variant('depot'));
    const b = await simulateFleet(tight, variant('depot'));
    expect(b.series).toEqual(a.series);
    expect(b.tally).toEqual(a.tally);
    expect(b.clients).toEqual(a.clients);
    const slowdown = fleetFigures(a, window);
    const queue = fleetFigures(await simulateFleet(settings(3), variant('depot')), window);
    expect(slowdown.refusedAfter).toBeGreaterThan(queue.refusedAfter);
    // Depot's breaker opens on the SlowDowns (5 struggling refusals in 10 s), not on the queue.
    expect(slowdown.circuitOpensAfter).toBeGreaterThan(queue.circuitOpensAfter);
    // Refused requests are received requests: the server counts every one it refused.
    expect(slowdown.requests).toBeGreaterThanOrEqual(slowdown.refused);
    for (const c of a.clients) {
      expect(c.verifiedAt).toBeGreaterThan(c.startAt);
      expect(c.retries).toBeLessThanOrEqual(c.retryBound);
      expect(c.replayedWrites).toBe(0);
    }
    // The SDK has no breaker: nothing opens, whatever it is refused.
    const sdk = await simulateFleet(tight, variant('sdk-default'));
    expect(sdk.tally.circuitOpened.every((n) => n === 0)).toBe(true);
    expect(fleetFigures(sdk, window).refusedAfter).toBeGreaterThan(0);
  });

  it('stops at the horizon when asked, and names the nights never verified', async () => {
    // The server never comes back: no night begun in the outage can end.
    const forever: FleetSettings = {
      ...settings(3),
      server: {
        ...settings(3).server,
        outage: { startMs: 0, refusingMs: MIN, retryAfterS: 30, unreachableMs: 1_000 * MIN },
      },
      horizonMs: 60 * MIN,
    };
    await expect(simulateFleet(forever, variant('depot'))).rejects.toThrow(/horizon/);
    const run = await simulateFleet({ ...forever, stopAtHorizon: true }, variant('depot'));
    expect(run.clients).toHaveLength(0);
    expect(run.unverified).toEqual(fleetNights(forever).map((n) => n.startAt));
    const f = fleetFigures(run, window);
    expect(f.unverified).toBe(12);
    expect(f.drainS).toBe(Infinity);
    expect(f.drainVerifiedS).toBe(0);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { MemoryOperation } from '../../../electron/s3/MemoryObjectStore';
import { KiB, makeHarness } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

const OPERATIONS: readonly MemoryOperation[] = [
  'probeListing',
  'putObject',
  'createMultipartUpload',
  'uploadPart',
  'listParts',
  'listMultipartUploads',
  'completeMultipartUpload',
  'abortMultipartUpload',
  'headObject',
  'listObjects',
];

const MINUTE = 60_000;
const OUTAGE_AFTER = 30_000;
const OUTAGE = 10 * MINUTE;

/** 120 files over a link slow enough that normal work spans the outage on both sides. */
const night = (): Record<string, number> =>
  Object.fromEntries(
    Array.from({ length: 120 }, (_, i) => [`rec-${String(i).padStart(3, '0')}.wav`, 256 * KiB]),
  );

const rates = (harness: Harness, start: number): { normal: number; outage: number } => {
  const during = harness.objects.requests.filter(
    (r) => r.at >= start + OUTAGE_AFTER && r.at < start + OUTAGE_AFTER + OUTAGE,
  ).length;
  const before = harness.objects.requests.filter(
    (r) => r.at >= start && r.at < start + OUTAGE_AFTER,
  ).length;
  return { normal: (before * MINUTE) / OUTAGE_AFTER, outage: (during * MINUTE) / OUTAGE };
};

describe('a ten-minute outage (virtual time)', () => {
  it('endpoint unreachable (connection refused in a millisecond): nothing fails, no flood, completes by itself', async () => {
    h = makeHarness({ files: night(), memory: { latencyMs: 100, bytesPerSec: 256 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const start = h.time.now();
    const harness = h;
    const waiting: boolean[] = [];
    h.engine.on((e) => {
      if (e.type === 'waiting-network') waiting.push(e.waiting);
      if (e.type === 'unit-state') expect(e.state.kind).not.toBe('failed');
    });
    const result = await h.time.drive(h.engine.run(plan.id), {
      hooks: [
        { at: start + OUTAGE_AFTER, run: () => harness.objects.setDown(true) },
        { at: start + OUTAGE_AFTER + OUTAGE, run: () => harness.objects.setDown(false) },
      ],
    });
    expect(result).toEqual({ kind: 'completed' });
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 120, failed: 0 });
    expect(h.time.now()).toBeGreaterThan(start + OUTAGE_AFTER + OUTAGE);
    expect(waiting).toContain(true);
    expect(waiting.at(-1)).toBe(false);
    const { normal, outage } = rates(h, start);
    console.log(
      `unreachable outage: normal ${normal.toFixed(1)} req/min, during outage ${outage.toFixed(1)} req/min`,
    );
    expect(normal).toBeGreaterThan(60);
    expect(outage).toBeLessThanOrEqual(1.1 * normal);
    // In fact the breaker's probes are all that reach it: a few per minute.
    expect(outage).toBeLessThanOrEqual(10);
  });

  it('a 503 storm answered at once: units wait, the endpoint gets no more than 1.1x its normal rate', async () => {
    h = makeHarness({ files: night(), memory: { latencyMs: 100, bytesPerSec: 256 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const start = h.time.now();
    const inStorm = (at: number): boolean =>
      at >= start + OUTAGE_AFTER && at < start + OUTAGE_AFTER + OUTAGE;
    for (const operation of OPERATIONS) {
      h.objects.failNext(
        operation,
        1_000_000,
        { kind: 'refused', status: 503, code: 'ServiceUnavailable' },
        (r) => inStorm(r.at),
      );
    }
    h.engine.on((e) => {
      if (e.type === 'unit-state') expect(e.state.kind).not.toBe('failed');
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 120, failed: 0 });
    const { normal, outage } = rates(h, start);
    console.log(
      `503 storm: normal ${normal.toFixed(1)} req/min, during storm ${outage.toFixed(1)} req/min`,
    );
    expect(outage).toBeLessThanOrEqual(1.1 * normal);
  });
});

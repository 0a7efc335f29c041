import { afterEach, describe, expect, it } from 'vitest';
import { contentOf, makeHarness, MiB, sha256Hex } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => {
  h?.cleanup();
  h = undefined;
});

const slowDown = { kind: 'refused', status: 503, code: 'SlowDown' } as const;
const HOUR = 3_600_000;

// Found by the fleet bench (issue 16, ADR 0019): a server that refuses with SlowDown spent a
// client's budget; its last file's Complete was refused, so the unit waited on a reconcile, which
// the empty budget refused. Only first attempts credit the budget, and a night whose units left
// all wait on a reconcile makes none: it never ended.
describe('a reconcile when the budget is empty', () => {
  it('still goes once nothing else can credit the budget, and the night ends verified', async () => {
    h = makeHarness({ files: { 'big.wav': 6 * MiB } });
    // Enough refused parts to spend the budget (20 tokens) on their retries.
    h.objects.failNext('uploadPart', 60, slowDown);
    h.objects.failNext('completeMultipartUpload', 1, slowDown);
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const startedAt = h.time.now();
    const result = await h.time.drive(h.engine.run(plan.id), { maxWakes: 50_000 });
    expect(result).toEqual({ kind: 'completed' });
    expect(h.time.now() - startedAt).toBeLessThan(HOUR);
    expect(h.policy.counters(h.objects.endpoint).retriesRefused.budget).toBeGreaterThan(0);
    expect(h.objects.objects.get('p/big.wav')?.metadata.sha256).toBe(
      sha256Hex(contentOf('big.wav', 6 * MiB)),
    );
    expect(h.objects.uploads.size).toBe(0);
  });
});

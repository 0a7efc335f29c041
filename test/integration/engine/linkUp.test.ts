import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineStack } from '../../../electron/engine/createEngineStack';
import { openDatabase } from '../../../electron/store/openDatabase';
import { PlanStore } from '../../../electron/store/PlanStore';
import { contentOf } from '../../support/contentOf';
import { fault, s3Request, type FaultProxy } from '../../support/faultProxy';
import { proxiedBucket, type ProxiedBucket } from '../../support/proxiedBucket';
import type { TestBucket } from '../../support/testBucket';
import { waitFor } from '../../support/waitFor';
import { verifyBucket } from './verifyBucket';

const MiB = 1024 * 1024;
const headBucket = { method: 'HEAD', path: /^\/[^/]+\/?$/ } as const;

/**
 * Issue 15 at the fault proxy: an UploadPart whose connection goes silent (the proxy reads
 * nothing of it for 60 s, as a connection TCP holds after a cut), the endpoint unreachable for a
 * few seconds (HeadBucket reset), then back. The part must go again on a fresh connection as soon
 * as a probe's answer closes the circuit: not after the proxy's 60 s, nor after the watchdog's.
 */
describe('a part silent through an outage is sent again when the endpoint answers (ADR 0013)', () => {
  let setup: ProxiedBucket;
  let b: TestBucket;
  let proxy: FaultProxy;
  let work: string;
  let source: string;

  beforeAll(async () => {
    setup = await proxiedBucket('link-up');
    ({ bucket: b, proxy, work } = setup);
    source = join(work, 'night');
    mkdirSync(source);
    writeFileSync(join(source, 'a.wav'), contentOf('a.wav', 64 * MiB));
  });
  afterAll(() => setup.close());

  it("the silent part is abandoned in the outage, sent again on the probe's answer, and the object verifies", async () => {
    proxy.addRule({ match: s3Request.uploadPart, action: fault.stall(60_000) });
    const { engine, objectStore, policy } = createEngineStack({
      store: new PlanStore(openDatabase(join(work, 'depot.db'))),
      s3: {
        endpoint: proxy.endpoint,
        region: b.region,
        bucket: b.bucket,
        credentials: b,
        forcePathStyle: true,
        stallMs: 60_000,
      },
      // Parts larger than what loopback's socket buffers take in while the proxy reads nothing.
      settings: { partSize: 32 * MiB, multipartThreshold: 5 * MiB, concurrency: 2 },
    });
    try {
      const plan = await engine.planFolder({ dir: source, bucket: b.bucket, prefix: 'n' });
      const startedAt = Date.now();
      const running = engine.run(plan.id);
      // The endpoint goes once the part is held: the silence's check and two probes are reset.
      await waitFor(() => proxy.log().some((e) => e.fault === 'stall'), 'stalled part');
      proxy.addRule({ match: headBucket, action: fault.reset(), times: 3 });
      expect(await running).toEqual({ kind: 'completed' });
      // Well before the proxy would have let the first attempt through.
      expect(Date.now() - startedAt).toBeLessThan(30_000);
      const log = proxy.log();
      const parts = log.filter((e) => e.method === 'PUT' && e.query.includes('uploadId'));
      const stalled = parts.filter((e) => e.fault === 'stall');
      expect(stalled).toHaveLength(1);
      // After the part was held: the silence's check and two probes reset, then a probe answered.
      const heads = log.filter(
        (e) =>
          e.method === 'HEAD' && /^\/[^/]+\/?$/.test(e.path) && e.time >= (stalled[0]?.time ?? 0),
      );
      expect(heads.slice(0, 3).map((e) => e.fault)).toEqual(['reset', 'reset', 'reset']);
      const closedAt = heads.find((e) => e.status === 200)?.endedAt ?? Infinity;
      // The held part went again on the probe's answer, not on the proxy's 60 s.
      const again = parts.filter((e) => e.query === stalled[0]?.query && e.fault === undefined);
      expect(again.length).toBeGreaterThan(0);
      expect((again[0]?.time ?? Infinity) - closedAt).toBeLessThan(500);
      const journal = engine.journal({ limit: 1_000 });
      expect(journal.some((e) => e.outcome === 'unreachable:stalled-in-outage')).toBe(true);
      // Free: no retry paid from the budget for it.
      expect(policy.counters(objectStore.endpoint).retriesGranted).toBe(0);
      const { wrong, openUploads } = await verifyBucket(b.client, b.bucket, 'n', source, ['a.wav']);
      expect(wrong).toEqual([]);
      expect(openUploads).toBe(0);
    } finally {
      objectStore.destroy();
    }
  }, 60_000);
});

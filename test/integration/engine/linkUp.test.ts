import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineStack } from '../../../electron/runtime/createEngineStack';
import { openDatabase } from '../../../electron/store/openDatabase';
import { PlanStore } from '../../../electron/store/PlanStore';
import { contentOf } from '../../support/contentOf';
import { fault, s3Request, type FaultProxy } from '../../support/faultProxy';
import { proxiedBucket, type ProxiedBucket, s3Through } from '../../support/proxiedBucket';
import type { TestBucket } from '../../support/testBucket';
import { verifyBucket } from './verifyBucket';

const MiB = 1024 * 1024;
const bucketPath = /^\/[^/]+\/?$/;
/** The silence's check and the breaker's probe: a listing of the night's prefix, max-keys 0. */
const isProbe = (e: { method: string; path: string; query: string }): boolean =>
  e.method === 'GET' &&
  bucketPath.test(e.path) &&
  new URLSearchParams(e.query).get('max-keys') === '0';
// Longer than the test may run: the held part reaches the server only if Depot gives it up and
// sends it again. The stall watchdog waits as long; the call's deadline, sized to the part at the
// engine's minimum throughput, is longer still.
const HOLD_MS = 3_600_000;
// A hang detector only.
const TEST_TIMEOUT_MS = 300_000;

/**
 * Issue 15 at the fault proxy: an UploadPart whose connection goes silent (the proxy reads
 * nothing of it, as a connection TCP holds after a cut), and the endpoint unreachable (the
 * probe's listing reset) from then until Depot has abandoned that part. Only the mechanism lets the deposit end:
 * the held part is never let through and nothing else aborts it within the test, and the outage
 * lasts until the abandon. How soon the part goes again is measured on virtual time
 * (test/unit/engine/linkUp.test.ts): wall time on a shared machine proves nothing.
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

  it(
    "the silent part is abandoned in the outage, sent again on the probe's answer, and the object verifies",
    async () => {
      const { engine, objectStore, policy } = createEngineStack({
        store: new PlanStore(openDatabase(join(work, 'depot.db'))),
        s3: s3Through(proxy, b, HOLD_MS),
        // Parts larger than what loopback's socket buffers take in while the proxy reads nothing.
        settings: { partSize: 32 * MiB, multipartThreshold: 5 * MiB, concurrency: 2 },
      });
      const abandoned = (): boolean =>
        engine.journal({ limit: 1_000 }).some((e) => e.outcome === 'unreachable:stalled-in-outage');
      const isHeld = proxy.addRule({ match: s3Request.uploadPart, action: fault.stall(HOLD_MS) });
      // The silence's check and every probe are reset from the moment the part is held until Depot
      // has abandoned it (a paused connection's close cannot be seen by the proxy; the journal says).
      proxy.addRule({
        match: {
          method: 'GET',
          path: bucketPath,
          test: (r) => r.query.get('max-keys') === '0' && isHeld.fired > 0 && !abandoned(),
        },
        action: fault.reset(),
        times: Infinity,
      });
      try {
        const plan = await engine.planFolder({ dir: source, bucket: b.bucket, prefix: 'n' });
        expect(await engine.run(plan.id)).toEqual({ kind: 'completed' });

        const log = proxy.log();
        const held = log.filter((e) => e.fault === 'stall');
        expect(held).toHaveLength(1);
        // The proxy never let the held part through.
        expect(held[0]?.status).toBeUndefined();
        expect(held[0]?.bytesIn).toBe(0);
        const heldAt = held[0]?.time ?? Infinity;
        // The silence was checked and probed while the part was held, until a probe was answered.
        const heads = log.filter((e) => isProbe(e) && e.time >= heldAt);
        expect(heads[0]?.fault).toBe('reset');
        const answered = heads.find((e) => e.status === 200);
        expect(answered).toBeDefined();
        // The same part went again once, after that answer, and reached the server whole.
        const again = log.filter(
          (e) => e.method === 'PUT' && e.query === held[0]?.query && e.fault === undefined,
        );
        expect(again).toHaveLength(1);
        expect(again[0]?.time ?? -Infinity).toBeGreaterThanOrEqual(answered?.time ?? Infinity);
        expect(again[0]?.status).toBe(200);
        expect(again[0]?.bytesIn).toBe(32 * MiB);
        expect(abandoned()).toBe(true);
        // Free: no retry paid from the budget for it.
        expect(policy.counters(objectStore.endpoint).retriesGranted).toBe(0);
        const { wrong, openUploads } = await verifyBucket(b.client, b.bucket, 'n', source, [
          'a.wav',
        ]);
        expect(wrong).toEqual([]);
        expect(openUploads).toBe(0);
      } finally {
        objectStore.destroy();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../shared/random/seededRandom';
import { createEngineStack } from '../../../electron/runtime/createEngineStack';
import { synthNight } from '../../../electron/field/synthNight';
import { openDatabase } from '../../../electron/store/openDatabase';
import { PlanStore } from '../../../electron/store/PlanStore';
import { fault, type FaultProxy } from '../../support/faultProxy';
import { proxiedBucket, type ProxiedBucket, s3Through } from '../../support/proxiedBucket';
import type { TestBucket } from '../../support/testBucket';
import { verifyBucket } from './verifyBucket';

const MiB = 1024 * 1024;

/**
 * One attempt, one request (issues 11 and 13): what the retry policy counted (first attempts,
 * retries granted) is exactly what the endpoint received, apart from the breaker's own probes (a
 * listing, max-keys 0), and the budget's bound holds on requests actually sent: retries <= 0.1 x first + 20.
 */
describe('the policy counts every request the endpoint receives', () => {
  let setup: ProxiedBucket;
  let b: TestBucket;
  let proxy: FaultProxy;
  let work: string;

  beforeAll(async () => {
    setup = await proxiedBucket('policy-counters');
    ({ bucket: b, proxy, work } = setup);
  });
  afterAll(() => setup.close());

  /**
   * A seeded share of every request (a fifth by default) gets one of three faults: a 503, a reset
   * mid-body, a lost reply.
   */
  const addFaults = (seed: number, eachRate = 0.07): void => {
    const random = seededRandom(seed);
    const faults = [
      fault.status(503, { code: 'SlowDown' }),
      fault.resetAfterBodyBytes(64 * 1024),
      fault.loseReply(),
    ];
    for (const action of faults) {
      proxy.addRule({
        match: { test: () => random() < eachRate },
        action,
        times: Infinity,
      });
    }
  };

  /** The night deposited from `db` through the faults; the policy's counters against the log. */
  const depositCounted = async (
    night: string,
    db: string,
    listPageSize?: number,
  ): Promise<{ received: number; counted: number; listings: number }> => {
    proxy.clearLog();
    const store = new PlanStore(openDatabase(join(work, db)));
    const { engine, policy, objectStore } = createEngineStack({
      store,
      s3: {
        ...s3Through(proxy, b, 2_000),
        ...(listPageSize === undefined ? {} : { listPageSize }),
      },
      settings: { concurrency: 3 },
    });
    try {
      const plan = await engine.planFolder({ dir: night, bucket: b.bucket, prefix: 'pc' });
      const result = await engine.run(plan.id);
      // Lost replies on the manifest may leave it for the next run: run until complete.
      const final = result.kind === 'completed' ? result : await engine.run(plan.id);
      expect(final).toEqual({ kind: 'completed' });
    } finally {
      objectStore.destroy();
      store.close();
    }
    proxy.clearRules();
    const counters = policy.counters(objectStore.endpoint);
    const received = proxy.log();
    const isListing = (e: (typeof received)[number]): boolean =>
      e.method === 'GET' &&
      e.path.replace(/\/$/, '') === `/${b.bucket}` &&
      new URLSearchParams(e.query).has('list-type');
    // The breaker's probe: a listing of the night's prefix with max-keys 0 (ADR 0028).
    const probes = received.filter(
      (e) => isListing(e) && new URLSearchParams(e.query).get('max-keys') === '0',
    ).length;
    const faulted = received.filter((e) => e.fault !== undefined).length;
    console.log(
      `policy counters: ${counters.firstAttempts} first attempts, ${counters.retriesGranted} retries, ` +
        `${probes} probes; the endpoint received ${received.length} requests (${faulted} faulted)`,
    );
    expect(faulted).toBeGreaterThan(0);
    expect(counters.retriesGranted).toBeLessThanOrEqual(0.1 * counters.firstAttempts + 20);
    const files = readdirSync(night).filter((f) => f.endsWith('.wav'));
    const checked = await verifyBucket(b.client, b.bucket, 'pc', night, files);
    expect(checked).toEqual({ wrong: [], openUploads: 0 });
    return {
      received: received.length - probes,
      counted: counters.firstAttempts + counters.retriesGranted,
      listings: received.filter(
        (e) => isListing(e) && new URLSearchParams(e.query).get('max-keys') !== '0',
      ).length,
    };
  };

  it('through seeded 503s, resets mid-body and lost replies, on every kind of request', async () => {
    const night = join(work, 'night');
    await synthNight(night, { files: 40, totalBytes: 40 * MiB, seed: 13, sizes: 'realistic' });
    addFaults(1313);
    const { received, counted } = await depositCounted(night, 'depot.db');
    expect(received).toBe(counted);
  });

  it('over a listing of several pages: each page is one request per attempt (issue 32)', async () => {
    // The same night from a new database: its listing holds the 40 files and the manifest, 7 to a
    // page, each page sent through the faults on its own.
    const night = join(work, 'night');
    addFaults(3232);
    const { received, counted, listings } = await depositCounted(night, 'fresh.db', 7);
    expect(listings).toBeGreaterThanOrEqual(6);
    expect(received).toBe(counted);
  });

  it('a night of 2,500 small files, deposited then listed again from a new database in the server’s own pages of 1,000: one request per attempt (issue 32)', async () => {
    const night = join(work, 'night-2500');
    // Its own site's names: the 40-file night above is under the same prefix, and the same names
    // with other bytes would be conflicts, never overwritten.
    await synthNight(night, {
      files: 2_500,
      totalBytes: 2_500 * 4096,
      seed: 25,
      sizes: 'small',
      site: 'SITE25',
    });
    addFaults(2500, 0.02);
    const first = await depositCounted(night, 'n2500.db');
    expect(first.received).toBe(first.counted);
    // From a new database the night's listing holds 2,501 keys: three pages at radosgw's 1,000.
    addFaults(2501, 0.02);
    const again = await depositCounted(night, 'n2500-fresh.db');
    expect(again.listings).toBeGreaterThanOrEqual(3);
    expect(again.received).toBe(again.counted);
  });
});

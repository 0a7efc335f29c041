import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentOf } from '../../support/contentOf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineStack } from '../../../electron/runtime/createEngineStack';
import { openDatabase } from '../../../electron/store/openDatabase';
import { PlanStore } from '../../../electron/store/PlanStore';
import { fault, s3Request, type FaultProxy, type FaultRule } from '../../support/faultProxy';
import { proxiedBucket, type ProxiedBucket, s3Through } from '../../support/proxiedBucket';
import type { TestBucket } from '../../support/testBucket';
import { waitFor } from '../../support/waitFor';
import { verifyBucket } from './verifyBucket';

const MiB = 1024 * 1024;
const FILES: Readonly<Record<string, number>> = {
  'a.wav': 200 * 1024,
  'b.wav': 300 * 1024,
  'c.wav': 12 * MiB,
  'd.wav': 11 * MiB,
};

/**
 * The engine against the real server through the fault proxy: each fault scenario of issue 3 ends
 * with every object verified (by a separate client, byte for byte) and nothing left open, or with
 * the right unit failed for the right cause.
 */
describe('DepositEngine on radosgw under faults', () => {
  let setup: ProxiedBucket;
  let b: TestBucket;
  let proxy: FaultProxy;
  let work: string;
  let source: string;
  let scenario = 0;

  beforeAll(async () => {
    setup = await proxiedBucket('engine-faults');
    ({ bucket: b, proxy, work } = setup);
    source = join(work, 'night');
    mkdirSync(source);
    for (const [name, size] of Object.entries(FILES))
      writeFileSync(join(source, name), contentOf(name, size));
  });
  afterAll(() => setup.close());

  /** A fresh engine, database and prefix; the rules apply to this deposit only. */
  const deposit = async (
    rules: readonly FaultRule[],
    options: {
      stopWhen?: (e: unknown) => boolean;
      /** Sees every event as it is emitted (the result's `events` come only at the end). */
      onEvent?: (e: unknown) => void;
      bwlimit?: number;
    } = {},
  ) => {
    scenario += 1;
    const prefix = `s${scenario}`;
    proxy.clearRules();
    proxy.clearLog();
    for (const rule of rules) proxy.addRule(rule);
    const { engine, objectStore } = createEngineStack({
      store: new PlanStore(openDatabase(join(work, `${prefix}.db`))),
      s3: s3Through(proxy, b, 1_500),
      settings: {
        partSize: 5 * MiB,
        multipartThreshold: 5 * MiB,
        concurrency: 3,
        ...(options.bwlimit === undefined ? {} : { bwlimitBytesPerSec: options.bwlimit }),
      },
    });
    const controller = new AbortController();
    const events: unknown[] = [];
    engine.on((e) => {
      events.push(e);
      options.onEvent?.(e);
      if (options.stopWhen?.(e) === true) controller.abort();
    });
    try {
      const plan = await engine.planFolder({ dir: source, bucket: b.bucket, prefix });
      const result = await engine.run(plan.id, { signal: controller.signal });
      return {
        prefix,
        result,
        engine,
        planId: plan.id,
        events,
        journal: engine.journal({ limit: 1000 }),
      };
    } finally {
      proxy.clearRules();
      objectStore.destroy();
    }
  };

  const allVerified = async (prefix: string) => {
    const { wrong, openUploads } = await verifyBucket(
      b.client,
      b.bucket,
      prefix,
      source,
      Object.keys(FILES),
    );
    expect(wrong).toEqual([]);
    expect(openUploads).toBe(0);
  };

  it('connection reset mid-body (UploadPart and PutObject): resent, every object verified', async () => {
    const r = await deposit([
      { match: s3Request.uploadPart, action: fault.resetAfterBodyBytes(MiB), times: 2 },
      { match: s3Request.putObject, action: fault.resetAfterBodyBytes(50 * 1024), times: 1 },
    ]);
    expect(r.result).toEqual({ kind: 'completed' });
    await allVerified(r.prefix);
    const s = r.engine.planSummary(r.planId);
    expect(s.bytesResent).toBeLessThanOrEqual(2 * 5 * MiB + 300 * 1024);
  });

  it('503 with Retry-After: the wait is honoured, never undercut, and the deposit completes', async () => {
    const r = await deposit([
      {
        match: s3Request.uploadPart,
        action: fault.status(503, { code: 'SlowDown', retryAfter: '2' }),
        times: 2,
      },
    ]);
    expect(r.result).toEqual({ kind: 'completed' });
    await allVerified(r.prefix);
    const waits = r.journal.filter(
      (j) => j.outcome.startsWith('refused:503') && j.delayMs !== null,
    );
    expect(waits.length).toBeGreaterThanOrEqual(1);
    for (const w of waits) expect(w.delayMs).toBeGreaterThanOrEqual(1_900);
  });

  it('429 and a burst of 500s: retried within the budget, completes', async () => {
    const r = await deposit([
      { match: s3Request.putObject, action: fault.status(429, { code: 'SlowDown' }), times: 2 },
      {
        match: s3Request.any,
        action: fault.status(500, { code: 'InternalError' }),
        times: 4,
        after: 3,
      },
    ]);
    expect(r.result).toEqual({ kind: 'completed' });
    await allVerified(r.prefix);
  });

  it('400 RequestTimeout is retried, completes', async () => {
    const r = await deposit([
      {
        match: s3Request.uploadPart,
        action: fault.status(400, { code: 'RequestTimeout' }),
        times: 2,
      },
    ]);
    expect(r.result).toEqual({ kind: 'completed' });
    await allVerified(r.prefix);
  });

  it('a stalled transfer is aborted by the watchdog and sent again', async () => {
    const r = await deposit([
      { match: s3Request.uploadPart, action: fault.stall(6_000), times: 1 },
    ]);
    expect(r.result).toEqual({ kind: 'completed' });
    await allVerified(r.prefix);
    // Retried by the policy, or, when the whole part had gone into the socket before the stall,
    // asked about first (ListParts) and sent again (issue 11): a stall either way.
    expect(r.journal.some((j) => j.outcome.endsWith('unreachable:stall'))).toBe(true);
  });

  it('replies lost after the server acted (PutObject, Create, Complete): no false duplicate, nothing open', async () => {
    const r = await deposit([
      { match: s3Request.putObject, action: fault.loseReply(), times: 1 },
      { match: s3Request.createMultipartUpload, action: fault.loseReply(), times: 1 },
      { match: s3Request.completeMultipartUpload, action: fault.loseReply(), times: 1 },
    ]);
    expect(r.result).toEqual({ kind: 'completed' });
    await allVerified(r.prefix);
    expect(r.engine.planSummary(r.planId)).toMatchObject({ done: 4, alreadyPresent: 0 });
    expect(proxy.count(s3Request.createMultipartUpload)).toBe(2);
  });

  it('403 AccessDenied on one key: that unit fails, the permission named (issue 29), the others are verified', async () => {
    const r = await deposit([
      {
        match: { ...s3Request.putObject, path: /\/b\.wav$/ },
        action: fault.status(403, { code: 'AccessDenied' }),
        times: Infinity,
      },
    ]);
    expect(r.result).toEqual({ kind: 'failures', failed: 1 });
    const failed = r.engine.failedUnits(r.planId);
    expect(failed.map((u) => [u.relPath, u.state])).toEqual([
      [
        'b.wav',
        {
          kind: 'failed',
          cause: {
            kind: 'denied',
            action: 'write',
            bucket: b.bucket,
            folder: `${r.prefix}/`,
          },
        },
      ],
    ]);
    const { wrong } = await verifyBucket(b.client, b.bucket, r.prefix, source, [
      'a.wav',
      'c.wav',
      'd.wav',
    ]);
    expect(wrong).toEqual([]);
    expect(r.engine.retryFailures(r.planId)).toEqual({
      requeued: 0,
      lifted: 0,
      definitive: 0,
      awaitingCredentials: 1,
    });
  });

  it('the endpoint down for a while: units wait for the network, none fails, it completes by itself', async () => {
    const isWaiting = (e: unknown, waiting: boolean): boolean =>
      (e as { type?: string }).type === 'waiting-network' &&
      (e as { waiting: boolean }).waiting === waiting;
    let cut = false;
    let waitingSeen = false;
    // Capped at 4 MiB/s the deposit lasts about 6 s: plenty left once a first part is stored.
    const started = deposit([], {
      bwlimit: 4 * MiB,
      onEvent: (e) => (waitingSeen ||= cut && isWaiting(e, true)),
    });
    await waitFor(
      () =>
        proxy
          .log()
          .some((e) => e.method === 'PUT' && e.query.includes('partNumber') && e.status === 200),
      'part stored',
    );
    cut = true;
    await proxy.setDown(true);
    const downAt = Date.now();
    // Back up once the engine said it waits for the network, not after a guessed duration.
    await waitFor(() => waitingSeen, 'waiting-network event');
    await proxy.setDown(false);
    const upAt = Date.now();
    const r = await started;
    expect(r.result).toEqual({ kind: 'completed' });
    await allVerified(r.prefix);
    expect(r.engine.planSummary(r.planId).failed).toBe(0);
    expect(r.journal.some((j) => j.outcome.startsWith('unreachable:'))).toBe(true);
    // It said it waited, then that it no longer did, in that order, and went on by itself.
    const waits = r.events.flatMap((e) =>
      isWaiting(e, true) ? ['waiting'] : isWaiting(e, false) ? ['back'] : [],
    );
    expect(waits.slice(0, 2)).toEqual(['waiting', 'back']);
    expect(waits.at(-1)).toBe('back');
    expect(proxy.log().filter((e) => e.time >= upAt).length).toBeGreaterThan(0);
    expect(proxy.log().filter((e) => e.time >= downAt && e.time < upAt)).toEqual([]);
  });

  it('503 with a Retry-After of an hour defers the unit (persisted not-before), it is not failed', async () => {
    const r = await deposit(
      [
        {
          match: { ...s3Request.putObject, path: /\/a\.wav$/ },
          action: fault.status(503, { code: 'SlowDown', retryAfter: '3600' }),
          times: Infinity,
        },
      ],
      {
        stopWhen: (e) =>
          (e as { type?: string; state?: { kind?: string } }).type === 'unit-state' &&
          (e as { state: { kind: string } }).state.kind === 'deferred',
      },
    );
    expect(r.result).toEqual({ kind: 'stopped', reason: 'aborted' });
    const deferred = r.engine.listUnits(r.planId, {
      offset: 0,
      limit: 10,
      filter: 'deferred',
    }).units;
    expect(deferred.map((u) => u.relPath)).toEqual(['a.wav']);
    const state = deferred[0]?.state;
    expect(state?.kind === 'deferred' && state.notBefore).toBeGreaterThan(Date.now() + 3_500_000);
    expect(r.engine.planSummary(r.planId).failed).toBe(0);
  });
});

import { appendFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentOf, KiB, makeHarness, MiB, sha256Hex } from './engineHarness';
import type { Harness } from './engineHarness';
import { success } from '../../../shared/retry/Outcome';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

describe('an object already at the key (412)', () => {
  it('with the same size and SHA-256 is success, counted apart', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'big.wav': 6 * MiB } });
    for (const [name, size] of [
      ['a.wav', 10 * KiB],
      ['big.wav', 6 * MiB],
    ] as const) {
      const bytes = contentOf(name, size);
      h.objects.seed(`p/${name}`, bytes, { sha256: sha256Hex(bytes) });
    }
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 2, alreadyPresent: 2 });
    // The big one is recognised before any part is sent.
    expect(h.objects.count('uploadPart')).toBe(0);
  });

  it('with other content is a conflict with both sizes, never overwritten', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'big.wav': 6 * MiB, 'ok.wav': 5 } });
    const theirs = Buffer.from('someone else');
    h.objects.seed('p/a.wav', theirs, { sha256: sha256Hex(theirs) });
    h.objects.seed('p/big.wav', theirs);
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 2 });
    const failed = h.engine.failedUnits(plan.id);
    expect(failed.map((u) => [u.relPath, u.state])).toEqual([
      [
        'a.wav',
        {
          kind: 'failed',
          cause: { kind: 'conflict', localSize: 10 * KiB, remoteSize: theirs.length },
        },
      ],
      [
        'big.wav',
        {
          kind: 'failed',
          cause: { kind: 'conflict', localSize: 6 * MiB, remoteSize: theirs.length },
        },
      ],
    ]);
    expect(Buffer.from(h.objects.objects.get('p/a.wav')?.bytes ?? []).equals(theirs)).toBe(true);
    expect(h.objects.objects.has('p/depot-manifest.json')).toBe(false);
    expect(h.engine.retryFailures(plan.id)).toEqual({
      requeued: 0,
      lifted: 0,
      definitive: 2,
      awaitingCredentials: 0,
    });
  });
});

describe('refusals', () => {
  it('wrong credentials stop the run at the first request, failing no unit', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB }, memory: { credentialsValid: false } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const result = await h.time.drive(h.engine.run(plan.id));
    expect(result).toEqual({
      kind: 'blocked',
      cause: { kind: 'auth', status: 403, code: 'InvalidAccessKeyId' },
    });
    expect(h.engine.planSummary(plan.id)).toMatchObject({ failed: 0, pending: 1 });
    expect(h.objects.count()).toBe(1);
  });

  it('a missing bucket stops the run, failing no unit', async () => {
    h = makeHarness({
      files: { 'a.wav': 10 * KiB },
      memory: { bucket: 'nope', bucketExists: false },
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'nope', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({
      kind: 'blocked',
      cause: { kind: 'bucket-missing', bucket: 'nope' },
    });
    expect(h.engine.planSummary(plan.id).failed).toBe(0);
  });

  it('a certificate refused at the first request stops the run at once, failing no unit', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    h.objects.failNext('listObjects', 1_000, {
      kind: 'certificate',
      problem: 'expired',
      code: 'CERT_HAS_EXPIRED',
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const start = h.time.now();
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({
      kind: 'blocked',
      cause: { kind: 'certificate', problem: 'expired', code: 'CERT_HAS_EXPIRED' },
    });
    // Not retried, not waited on as an outage: one request, and no backoff or probe slept (the
    // memory endpoint's own latency is all the virtual time spent).
    expect(h.objects.count()).toBe(1);
    expect(h.policy.allCounters().retriesGranted).toBe(0);
    expect(h.time.now() - start).toBeLessThan(1_000);
    expect(h.events.some((e) => e.type === 'waiting-network' && e.waiting)).toBe(false);
    expect(h.engine.planSummary(plan.id)).toMatchObject({ failed: 0, pending: 1 });
  });

  it('a certificate refused in the middle of a run stops every file; once fixed the night goes on', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'big.wav': 6 * MiB } });
    const untrusted = {
      kind: 'certificate',
      problem: 'untrusted',
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    } as const;
    h.objects.failNext('uploadPart', 1_000, untrusted);
    h.objects.failNext('putObject', 1_000, untrusted);
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({
      kind: 'blocked',
      cause: { kind: 'certificate', problem: 'untrusted', code: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
    });
    expect(h.engine.planSummary(plan.id).failed).toBe(0);
    // Each emission in flight got its one answer: none was sent again.
    expect(h.policy.allCounters().retriesGranted).toBe(0);
    h.objects.clearFaults();
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
  });

  it('a listing that goes round in circles stops the run at once, failing no unit (issue 30)', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    // Every page answered 200, empty, truncated, pointing at the same token.
    const paged = h.objects.listObjectsPage.bind(h.objects);
    let circling = true;
    let pages = 0;
    h.objects.listObjectsPage = (input, options) => {
      if (!circling) return paged(input, options);
      pages += 1;
      return Promise.resolve(success({ items: [], next: 'same-token-again' }));
    };
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({
      kind: 'blocked',
      cause: { kind: 'endless-listing' },
    });
    // The token came back on the second page: not asked again, the same server pages the same way.
    expect(pages).toBe(2);
    expect(h.policy.allCounters().retriesGranted).toBe(0);
    expect(h.events.some((e) => e.type === 'waiting-network' && e.waiting)).toBe(false);
    expect(h.engine.planSummary(plan.id)).toMatchObject({ failed: 0, pending: 1 });
    circling = false;
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
  });

  it('the endpoint check reports a refused certificate instead of waiting for the network', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    h.objects.failNext('probeListing', 1_000, {
      kind: 'certificate',
      problem: 'name-mismatch',
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
    });
    expect(await h.time.drive(h.engine.checkEndpoint('b'))).toEqual({
      kind: 'blocked',
      cause: {
        kind: 'certificate',
        problem: 'name-mismatch',
        code: 'ERR_TLS_CERT_ALTNAME_INVALID',
      },
    });
    expect(h.objects.count('probeListing')).toBe(1);
  });

  it('AccessDenied on one key fails that unit (denied: the write, its folder); retryFailures leaves it, new credentials re-arm it', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 10 * KiB, 'big.wav': 6 * MiB } });
    h.objects.failNext(
      'putObject',
      1,
      { kind: 'refused', status: 403, code: 'AccessDenied' },
      (r) => r.key === 'p/b.wav',
    );
    h.objects.failNext(
      'uploadPart',
      1,
      { kind: 'refused', status: 400, code: 'InvalidArgument' },
      (r) => r.key === 'p/big.wav' && r.partNumber === 2,
    );
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 2 });
    expect(h.engine.failedUnits(plan.id).map((u) => [u.relPath, u.state])).toEqual([
      [
        'b.wav',
        {
          kind: 'failed',
          cause: { kind: 'denied', action: 'write', bucket: 'b', folder: 'p/' },
        },
      ],
      [
        'big.wav',
        { kind: 'failed', cause: { kind: 'refused', status: 400, code: 'InvalidArgument' } },
      ],
    ]);
    expect(h.engine.retryFailures(plan.id)).toEqual({
      requeued: 0,
      lifted: 0,
      definitive: 1,
      awaitingCredentials: 1,
    });
    expect(h.engine.credentialsChanged()).toBe(1);
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    expect(h.objects.objects.has('p/b.wav')).toBe(true);
    // Parts already on the server are kept for a later retry, the upload stays open for it.
    expect(h.objects.uploads.size).toBe(1);
  });
});

describe('new credentials during a run', () => {
  it('re-arm the units refused for authentication and the same run finishes them', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 10 * KiB } });
    h.objects.failNext(
      'putObject',
      1,
      { kind: 'refused', status: 403, code: 'AccessDenied' },
      (r) => r.key === 'p/b.wav',
    );
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const harness = h;
    let rearmed = 0;
    h.engine.on((e) => {
      if (e.type === 'unit-state' && e.state.kind === 'failed')
        rearmed += harness.engine.credentialsChanged();
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(rearmed).toBe(1);
    expect(h.objects.objects.has('p/b.wav')).toBe(true);
  });
});

describe('transient troubles never fail a unit', () => {
  it('a Retry-After of 15 minutes defers the unit with a persisted not-before time, and postpones the run', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    h.objects.failNext('putObject', 1, {
      kind: 'refused',
      status: 503,
      code: 'SlowDown',
      retryAfterMs: 15 * 60_000,
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const start = h.time.now();
    const deferred: number[] = [];
    h.engine.on((e) => {
      if (e.type === 'unit-state' && e.state.kind === 'deferred') {
        deferred.push(e.state.notBefore);
        const row = h?.store.listUnits(plan.id, { offset: 0, limit: 1, filter: 'deferred' })
          .units[0];
        expect(row?.state).toEqual(e.state);
      }
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({
      kind: 'postponed',
      units: 1,
      until: deferred[0],
    });
    expect(deferred).toHaveLength(1);
    expect(deferred[0]).toBeGreaterThanOrEqual(start + 15 * 60_000);
    await h.time.advance((deferred[0] ?? 0) - h.time.now());
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    const puts = h.objects.requests.filter(
      (r) => r.operation === 'putObject' && r.key === 'p/a.wav',
    );
    expect(puts).toHaveLength(2);
    expect((puts[1]?.at ?? 0) - (puts[0]?.at ?? 0)).toBeGreaterThanOrEqual(15 * 60_000);
  });

  it('one file deferred for an hour does not hold the others that long', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 10 * KiB, 'c.wav': 10 * KiB } });
    h.objects.failNext(
      'putObject',
      1,
      { kind: 'refused', status: 503, code: 'SlowDown', retryAfterMs: 60 * 60_000 },
      (r) => r.key === 'p/a.wav',
    );
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const start = h.time.now();
    const doneAt = new Map<string, number>();
    h.engine.on((e) => {
      if (e.type === 'unit-state' && e.state.kind === 'done')
        doneAt.set(e.relPath, h?.time.now() ?? 0);
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toMatchObject({
      kind: 'postponed',
      units: 1,
    });
    expect((doneAt.get('b.wav') ?? Infinity) - start).toBeLessThan(2 * 60_000);
    expect((doneAt.get('c.wav') ?? Infinity) - start).toBeLessThan(2 * 60_000);
    await h.time.advance(start + 60 * 60_000 - h.time.now());
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect((doneAt.get('a.wav') ?? 0) - start).toBeGreaterThanOrEqual(60 * 60_000);
  });

  it('every request answered "come back in an hour": the run ends at once, postponed; after the hour it completes', async () => {
    const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}.wav`, 10 * KiB]));
    h = makeHarness({ files });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const start = h.time.now();
    h.objects.failNext(
      'putObject',
      1_000_000,
      { kind: 'refused', status: 503, code: 'SlowDown', retryAfterMs: 60 * 60_000 },
      (r) => r.at < start + 60 * 60_000,
    );
    // Nobody sits an hour in front of a silent command (issue 30, item 6): the run ends with the
    // server's time, having waited none of it.
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({
      kind: 'postponed',
      units: 30,
      until: expect.any(Number) as number,
    });
    expect(h.time.now() - start).toBeLessThan(5 * 60_000);
    expect(h.engine.planSummary(plan.id)).toMatchObject({ deferred: 30, failed: 0 });
    // The endpoint is not flooded: each file asked once, answered "in an hour", then nothing.
    expect(h.objects.count('putObject')).toBe(30);
    // The hour passes; the same command again sends everything.
    await h.time.advance(60 * 60_000);
    expect(await h.time.drive(h.restart().run(plan.id))).toEqual({ kind: 'completed' });
  });

  it('a deferral of a few minutes is waited for by the run, never left to the volunteer', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 10 * KiB } });
    h.objects.failNext('putObject', 1, {
      kind: 'refused',
      status: 503,
      code: 'SlowDown',
      retryAfterMs: 3 * 60_000,
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
  });

  it('"Retenter les échecs" lifts a deferral the server set: sent at once, the journal says so', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    h.objects.failNext('putObject', 1, {
      kind: 'refused',
      status: 503,
      code: 'SlowDown',
      retryAfterMs: 100_000_000,
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const first = await h.time.drive(h.engine.run(plan.id));
    expect(first).toMatchObject({ kind: 'postponed', units: 1 });
    // A run while the deferral holds ends at once again, having sent nothing.
    expect(await h.time.drive(h.engine.run(plan.id))).toMatchObject({ kind: 'postponed' });
    expect(h.objects.count('putObject')).toBe(1);
    expect(h.engine.retryFailures(plan.id)).toEqual({
      requeued: 0,
      lifted: 1,
      definitive: 0,
      awaitingCredentials: 0,
    });
    expect(h.engine.journal({ limit: 5, planId: plan.id })[0]).toMatchObject({
      operation: 'Deferral p/a.wav',
      outcome: expect.stringMatching(/^lifted:\d+$/) as string,
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
  });

  it('a stop during a deferral is resumable: the unit stays deferred until its time', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    h.objects.failNext('putObject', 1, {
      kind: 'refused',
      status: 503,
      code: 'SlowDown',
      retryAfterMs: 4 * 60_000,
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const controller = new AbortController();
    h.engine.on((e) => {
      if (e.type === 'unit-state' && e.state.kind === 'deferred') controller.abort();
    });
    expect(await h.time.drive(h.engine.run(plan.id, { signal: controller.signal }))).toEqual({
      kind: 'stopped',
      reason: 'aborted',
    });
    expect(h.engine.planSummary(plan.id)).toMatchObject({ deferred: 1, failed: 0 });
    expect(await h.time.drive(h.restart().run(plan.id))).toEqual({ kind: 'completed' });
  });
});

describe('source safety', () => {
  it('a file changed after planning fails as "source changed" and is never uploaded as a mix', async () => {
    h = makeHarness({
      files: { 'a.wav': 10 * KiB, 'big.wav': 12 * MiB },
      settings: { concurrency: 1 },
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const off = h.engine.on((e) => {
      if (e.type === 'plan-progress' && e.bytesAcked >= 5 * MiB && h !== undefined) {
        appendFileSync(join(h.dir, 'big.wav'), 'more');
        off();
      }
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    const [failed] = h.engine.failedUnits(plan.id);
    expect(failed?.relPath).toBe('big.wav');
    expect(failed?.state.kind === 'failed' && failed.state.cause.kind).toBe('source-changed');
    expect(h.objects.objects.has('p/big.wav')).toBe(false);
    expect(h.objects.objects.has('p/a.wav')).toBe(true);
    // Once it no longer changes, "Retenter les échecs" sends it as it is now, from its first byte.
    expect(h.engine.retryFailures(plan.id)).toEqual({
      requeued: 1,
      lifted: 0,
      definitive: 0,
      awaitingCredentials: 0,
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    const now = Buffer.concat([contentOf('big.wav', 12 * MiB), Buffer.from('more')]);
    expect(h.objects.objects.get('p/big.wav')?.metadata.sha256).toBe(sha256Hex(now));
    expect(h.objects.uploads.size).toBe(0);
    // The plan follows the file: depositing the folder again resumes it, complete.
    const again = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(again).toMatchObject({ id: plan.id, resumed: true, done: 2 });
  });

  it('a file rewritten in place after planning, same size and time, fails as "source changed": the server refuses its bytes (BadDigest), nothing is stored', async () => {
    h = makeHarness({
      files: { 'a.wav': 10 * KiB, 'b.wav': 10 * KiB, 'big.wav': 12 * MiB },
      settings: { concurrency: 1 },
    });
    // Planned ahead: every file is read again when sent, as after a resume.
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    for (const [name, size] of [
      ['b.wav', 10 * KiB],
      ['big.wav', 12 * MiB],
    ] as const) {
      const path = join(h.dir, name);
      // The time the plan compares, to the millisecond (mid-millisecond: no float rounding).
      const t = (Math.trunc(statSync(path).mtimeMs) + 0.5) / 1000;
      const bytes = Buffer.from(contentOf(name, size));
      bytes[size - 1] = (bytes[size - 1] ?? 0) ^ 0xff;
      writeFileSync(path, bytes);
      utimesSync(path, t, t);
    }
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 2 });
    const failed = h.engine.failedUnits(plan.id);
    expect(failed.map((u) => [u.relPath, u.state.kind === 'failed' && u.state.cause])).toEqual([
      [
        'b.wav',
        {
          kind: 'source-changed',
          detail:
            "b.wav: the server's MD5 of the bytes read now is not the one planned (BadDigest)",
        },
      ],
      [
        'big.wav',
        {
          kind: 'source-changed',
          detail:
            "part 3 of big.wav: the server's MD5 of the bytes read now is not the one planned (BadDigest)",
        },
      ],
    ]);
    expect([...h.objects.objects.keys()].filter((k) => k.endsWith('.wav'))).toEqual(['p/a.wav']);
  });

  it('a file deleted after planning fails as "source missing"', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const { rmSync } = await import('node:fs');
    rmSync(join(h.dir, 'a.wav'));
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    expect(h.engine.failedUnits(plan.id)[0]?.state).toEqual({
      kind: 'failed',
      cause: { kind: 'source-missing' },
    });
  });
});

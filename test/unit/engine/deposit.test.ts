import { createHash } from 'node:crypto';
import { nightManifestKey } from '../../../shared/wire/nightManifestKey';
import { afterEach, describe, expect, it } from 'vitest';
import { multipartEtag } from '../../../electron/engine/multipartEtag';
import type { MemoryObjectStore } from '../../../electron/s3/MemoryObjectStore';
import { contentOf, KiB, makeHarness, MiB, sha256Hex } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

const files = {
  'a.wav': 300 * KiB,
  'sub/b.wav': 12 * MiB,
  'sub/c.WAV': 1 * KiB,
  'd.wav': 5 * MiB,
  'empty.wav': 0,
};

/**
 * Counts the UploadParts on the wire at once, overall and per file, each part taking
 * `onTheWire` before the store answers.
 */
const watchParts = (objects: MemoryObjectStore, onTheWire: () => Promise<void>) => {
  const seen = { peak: 0, peakPerFile: 0 };
  let inFlight = 0;
  const perFile = new Map<string, number>();
  const original = objects.uploadPart.bind(objects);
  objects.uploadPart = async (input, options) => {
    inFlight += 1;
    seen.peak = Math.max(seen.peak, inFlight);
    const mine = (perFile.get(input.key) ?? 0) + 1;
    perFile.set(input.key, mine);
    seen.peakPerFile = Math.max(seen.peakPerFile, mine);
    try {
      await onTheWire();
      return await original(input, options);
    } finally {
      inFlight -= 1;
      perFile.set(input.key, (perFile.get(input.key) ?? 1) - 1);
    }
  };
  return seen;
};

describe('DepositEngine: a clean deposit', () => {
  it('deposits every file verified, writes the manifest last and leaves no upload open', async () => {
    h = makeHarness({ files });
    const plan = await h.engine.planFolder({
      dir: h.dir,
      bucket: 'b',
      prefix: 'site/night',
      metadata: { site: 'S1' },
    });
    expect(plan.units).toBe(5);
    expect(plan.resumed).toBe(false);
    const result = await h.time.drive(h.engine.run(plan.id));
    expect(result).toEqual({ kind: 'completed' });

    for (const [relPath, size] of Object.entries(files)) {
      const object = h.objects.objects.get(`site/night/${relPath}`);
      expect(object, relPath).toBeDefined();
      const bytes = contentOf(relPath, size);
      expect(Buffer.from(object?.bytes ?? []).equals(bytes), relPath).toBe(true);
      expect(object?.metadata.sha256).toBe(sha256Hex(bytes));
    }
    // 12 MiB at 5 MiB parts: three parts, S3's multipart ETag.
    const big = contentOf('sub/b.wav', 12 * MiB);
    const md5s = [0, 5, 10].map((start) =>
      createHash('md5')
        .update(big.subarray(start * MiB, Math.min(12, start + 5) * MiB))
        .digest('hex'),
    );
    expect(h.objects.objects.get('site/night/sub/b.wav')?.etag).toBe(`"${multipartEtag(md5s)}"`);
    expect(h.objects.uploads.size).toBe(0);

    // The night's own manifest, under a key that carries its id.
    const manifestKey = nightManifestKey('site/night', h.store.getPlan(plan.id)?.nightId ?? '');
    expect(manifestKey).toMatch(/^site\/night\/\.depot\/night-[0-9a-f]{32}\.json$/);
    const manifestPut = h.objects.requests.findIndex(
      (r) => r.operation === 'putObject' && r.key === manifestKey,
    );
    const lastUnitWrite = h.objects.requests.reduce(
      (last, r, i) =>
        r.operation !== 'headObject' &&
        r.operation !== 'listMultipartUploads' &&
        r.operation !== 'listObjects' &&
        r.key !== manifestKey
          ? i
          : last,
      -1,
    );
    expect(manifestPut).toBeGreaterThan(lastUnitWrite);
    const manifest = JSON.parse(
      Buffer.from(h.objects.objects.get(manifestKey)?.bytes ?? []).toString('utf8'),
    ) as {
      metadata: Record<string, string>;
      files: { key: string; size: number; sha256: string }[];
    };
    expect(manifest.metadata).toEqual({ site: 'S1' });
    expect(manifest.files).toHaveLength(5);
    expect(manifest.files.find((f) => f.key === 'site/night/sub/b.wav')).toMatchObject({
      size: 12 * MiB,
      sha256: sha256Hex(big),
    });

    const summary = h.engine.planSummary(plan.id);
    expect(summary).toMatchObject({ units: 5, done: 5, failed: 0, alreadyPresent: 0 });
    expect(summary.bytesAcked).toBe(summary.bytesTotal);
    expect(summary.bytesSent).toBe(summary.bytesTotal);
    expect(summary.bytesResent).toBe(0);
    expect(summary.manifestAt).not.toBeNull();
    expect(h.events.some((e) => e.type === 'plan-progress' && e.bytesAcked === e.bytesTotal)).toBe(
      true,
    );
    expect(h.events.some((e) => e.type === 'throughput' && e.bytesPerSec > 0)).toBe(true);
    expect(h.engine.journal({ limit: 100 }).some((j) => j.outcome === 'success')).toBe(true);
  });

  it('runs an already completed plan again: one listing checks it, nothing sent (issue 30 item 1)', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    await h.time.drive(h.engine.run(plan.id));
    const before = h.objects.count();
    const again = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(again.id).toBe(plan.id);
    expect(again.resumed).toBe(true);
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.objects.requests.slice(before).map((r) => r.operation)).toEqual(['listObjects']);
  });

  it('holds at most one part body per slot, whatever the files in progress', async () => {
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}.wav`, 6 * MiB]));
    h = makeHarness({ files: many, settings: { concurrency: 3 } });
    const { time } = h;
    const parts = watchParts(h.objects, () => time.sleep(1_000));
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.objects.count('uploadPart')).toBe(24);
    // Up to six files in progress (two per slot), never more parts on the wire than slots.
    expect(parts.peak).toBe(3);
    expect(parts.peakPerFile).toBeLessThanOrEqual(3);
  });

  it('sends one request per small file: the listing replaces existence checks, the PUT answer proves the bytes', async () => {
    const small = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}.wav`, 64 * KiB]));
    h = makeHarness({ files: small, settings: { concurrency: 2 } });
    const { time, objects } = h;
    // Every PutObject spends 1 s on the wire.
    const put = objects.putObject.bind(objects);
    objects.putObject = async (input, options) => {
      await time.sleep(1_000);
      return put(input, options);
    };
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const start = time.now();
    expect(await time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    const ops = objects.requests.map((r) => r.operation);
    // One listing, twenty PutObjects, the multipart sweep's listing, the manifest: no HeadObject.
    expect(ops.filter((o) => o === 'putObject')).toHaveLength(21);
    expect(ops.filter((o) => o === 'headObject')).toHaveLength(0);
    expect(ops.filter((o) => o === 'listObjects')).toHaveLength(1);
    expect(ops.length).toBeLessThanOrEqual(2 * 20);
    // Twenty PutObjects on two slots back to back (10 s), then the manifest (1 s).
    const elapsed = (time.now() - start) / 1000;
    expect(elapsed).toBeGreaterThanOrEqual(11);
    expect(elapsed).toBeLessThan(14);
  });

  it('sends the last large file on every idle slot, never more parts than slots', async () => {
    h = makeHarness({ files: { 'big.wav': 40 * MiB }, settings: { concurrency: 3 } });
    const { time } = h;
    // A part takes a while on the wire, so the parts of the lanes overlap.
    const parts = watchParts(h.objects, () => time.sleep(2_000));
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.objects.count('uploadPart')).toBeGreaterThanOrEqual(5);
    expect(parts.peak).toBe(3);
    const object = h.objects.objects.get('p/big.wav');
    expect(Buffer.from(object?.bytes ?? []).equals(contentOf('big.wav', 40 * MiB))).toBe(true);
  });

  it('asks HeadBucket only for checkEndpoint: the run starts with its listing', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    expect(await h.time.drive(h.engine.checkEndpoint('b'))).toEqual({ kind: 'ok' });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.objects.count('probeListing')).toBe(1);
    expect(h.objects.requests[1]).toMatchObject({ operation: 'listObjects' });
  });

  it('paces the bytes on their way out with the bandwidth cap', async () => {
    h = makeHarness({
      files: { 'a.wav': 6 * MiB, 'b.wav': 2 * MiB },
      settings: { bwlimitBytesPerSec: 1 * MiB, concurrency: 2 },
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const start = h.time.now();
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    const elapsed = (h.time.now() - start) / 1000;
    // 8 MiB at 1 MiB/s, a slice of 128 KiB let through at once: at least 7.8 s of (virtual) time.
    expect(elapsed).toBeGreaterThanOrEqual(7.8);
  });
});

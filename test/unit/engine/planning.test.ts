import { createHash } from 'node:crypto';
import { statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { choosePartSize, MAX_PARTS } from '../../../electron/engine/choosePartSize';
import { hashFile } from '../../../electron/hashing/hashFile';
import { PlanError } from '../../../electron/engine/PlanError';
import { fsSourceReader } from '../../../electron/runtime/fsSourceReader';
import { scanFolder } from '../../../electron/scan/scanFolder';
import { contentOf, KiB, makeHarness, MiB, sha256Hex } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

describe('part planning', () => {
  it('keeps the plan part size while a file fits in 10,000 parts, grows it by whole MiB beyond', () => {
    expect(choosePartSize(12 * MiB, 8 * MiB)).toBe(8 * MiB);
    expect(choosePartSize(80_000 * MiB, 8 * MiB)).toBe(8 * MiB);
    const huge = 100_000 * MiB;
    const grown = choosePartSize(huge, 8 * MiB);
    expect(grown % MiB).toBe(0);
    expect(Math.ceil(huge / grown)).toBeLessThanOrEqual(MAX_PARTS);
    expect(choosePartSize(10 * MiB, 1 * MiB)).toBe(5 * MiB);
  });

  it('streams SHA-256 and MD5 of the whole file and the MD5 of each part in one pass, with its mtime in ns', async () => {
    h = makeHarness();
    const bytes = h.writeFile('x.wav', 11 * MiB + 123);
    const path = join(h.dir, 'x.wav');
    utimesSync(path, 1_700_000_000.5, 1_700_000_000.5);
    const { sha256, md5, mtimeNs, parts } = await hashFile(fsSourceReader, {
      path,
      size: bytes.length,
      partSize: 5 * MiB,
    });
    expect(sha256).toBe(sha256Hex(bytes));
    expect(md5).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(mtimeNs).toBe(statSync(path, { bigint: true }).mtimeNs.toString());
    expect(mtimeNs).toBe('1700000000500000000');
    // One part: the whole file's MD5 is that part's, taken once.
    const single = await hashFile(fsSourceReader, { path, size: bytes.length, partSize: 16 * MiB });
    expect(single.md5).toBe(md5);
    expect(single.parts.map((p) => p.md5)).toEqual([md5]);
    expect(parts.map((p) => [p.partNumber, p.offset, p.size])).toEqual([
      [1, 0, 5 * MiB],
      [2, 5 * MiB, 5 * MiB],
      [3, 10 * MiB, MiB + 123],
    ]);
    for (const p of parts) {
      expect(p.md5).toBe(
        createHash('md5')
          .update(bytes.subarray(p.offset, p.offset + p.size))
          .digest('hex'),
      );
    }
  });
  it('reads a small file once into the body it keeps, and refuses one that grew or shrank since it was listed', async () => {
    h = makeHarness();
    const bytes = h.writeFile('s.wav', 40_000);
    const path = join(h.dir, 's.wav');
    const kept = await hashFile(fsSourceReader, {
      path,
      size: bytes.length,
      partSize: 5 * MiB,
      keepUpTo: MiB,
    });
    expect(kept.body?.equals(bytes)).toBe(true);
    expect(kept.sha256).toBe(sha256Hex(bytes));
    expect(kept.md5).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(kept.parts.map((p) => [p.partNumber, p.offset, p.size])).toEqual([[1, 0, 40_000]]);
    // Not asked to keep it, or larger than asked: no body.
    expect(
      (await hashFile(fsSourceReader, { path, size: bytes.length, partSize: 5 * MiB })).body,
    ).toBeUndefined();
    expect(
      (
        await hashFile(fsSourceReader, {
          path,
          size: bytes.length,
          partSize: 5 * MiB,
          keepUpTo: 1_000,
        })
      ).body,
    ).toBeUndefined();
    // Listed at 39,999 bytes (it grew since), or at 40,001 (it shrank).
    await expect(
      hashFile(fsSourceReader, { path, size: 39_999, partSize: 5 * MiB, keepUpTo: MiB }),
    ).rejects.toThrow('read 40000 bytes, expected 39999');
    await expect(
      hashFile(fsSourceReader, { path, size: 40_001, partSize: 5 * MiB, keepUpTo: MiB }),
    ).rejects.toThrow('read 40000 bytes, expected 40001');
    writeFileSync(join(h.dir, 'empty.wav'), '');
    const empty = await hashFile(fsSourceReader, {
      path: join(h.dir, 'empty.wav'),
      size: 0,
      partSize: 5 * MiB,
      keepUpTo: MiB,
    });
    expect(empty.parts.map((p) => [p.partNumber, p.offset, p.size])).toEqual([[1, 0, 0]]);
    expect(empty.body?.length).toBe(0);
  });
});

describe('planning a folder', () => {
  it('makes one unit per file with NFC keys under the prefix, skipping junk', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'n\u0301uit/b.wav': 6 * MiB, '.DS_Store': 10 } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'site/' });
    expect(plan.units).toBe(2);
    expect(plan.skippedJunk).toBe(1);
    const { units } = h.engine.listUnits(plan.id, { offset: 0, limit: 10 });
    expect(units.map((u) => u.key).sort()).toEqual(['site/a.wav', 'site/\u0144uit/b.wav']);
    const big = units.find((u) => u.multipart);
    expect(big?.sha256).toBe(sha256Hex(contentOf('n\u0301uit/b.wav', 6 * MiB)));
    expect(h.store.parts(big?.id ?? -1)).toHaveLength(2);
  });

  it('is idempotent: the same folder, bucket and prefix resume the same plan', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const first = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const second = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(second.id).toBe(first.id);
    expect(second.resumed).toBe(true);
    expect(h.engine.listPlans()).toHaveLength(1);
    const other = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'q' });
    expect(other.id).not.toBe(first.id);
  });

  it('refuses to resume over changed sources and says which', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 10 * KiB, 'c.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    writeFileSync(join(h.dir, 'b.wav'), 'changed');
    utimesSync(join(h.dir, 'c.wav'), new Date(2020, 1, 1), new Date(2020, 1, 1));
    h.writeFile('d.wav', 5);
    let error: unknown;
    try {
      await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PlanError);
    const detail = (error as PlanError).detail;
    expect(detail.code).toBe('sources-changed');
    if (detail.code === 'sources-changed') {
      expect(detail.planId).toBe(plan.id);
      expect(detail.changes).toEqual([
        { relPath: 'b.wav', change: 'size' },
        { relPath: 'c.wav', change: 'mtime' },
        { relPath: 'd.wav', change: 'added' },
      ]);
    }
    expect((error as Error).message).toMatch(/b\.wav/);
  });

  it('an interrupted planning leaves a plan that runs: the files not hashed yet are hashed as they come', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 6 * MiB, 'c.wav': 10 * KiB } });
    const controller = new AbortController();
    await expect(
      h.engine.planFolder({
        dir: h.dir,
        bucket: 'b',
        prefix: 'p',
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === 'hash' && p.done === 1) controller.abort();
        },
      }),
    ).rejects.toThrow();
    const [plan] = h.engine.listPlans();
    if (plan === undefined) throw new Error('no plan');
    expect(h.store.countUnhashed(plan.id)).toBe(2);
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.store.countUnhashed(plan.id)).toBe(0);
    expect(h.objects.objects.get('p/b.wav')?.metadata.sha256).toBe(
      sha256Hex(contentOf('b.wav', 6 * MiB)),
    );
  });

  it('hashAhead false: planning reads no file; each is checksummed when taken, then verified', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 6 * MiB } });
    const phases: string[] = [];
    const plan = await h.engine.planFolder({
      dir: h.dir,
      bucket: 'b',
      prefix: 'p',
      hashAhead: false,
      onProgress: (p) => phases.push(p.phase),
    });
    expect(phases).not.toContain('hash');
    expect(h.store.countUnhashed(plan.id)).toBe(2);
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(h.store.countUnhashed(plan.id)).toBe(0);
    expect(h.objects.objects.get('p/b.wav')?.metadata.sha256).toBe(
      sha256Hex(contentOf('b.wav', 6 * MiB)),
    );
    expect(h.objects.objects.get('p/a.wav')?.metadata.sha256).toBe(
      sha256Hex(contentOf('a.wav', 10 * KiB)),
    );
  });

  it("hashFile's `seen` is what a path stat gives, to the float (the check after hashing needs no stat)", async () => {
    h = makeHarness();
    const path = join(h.dir, 'y.wav');
    const bytes = h.writeFile('y.wav', 40 * KiB);
    // Times whose float in ms has a fraction, as a card's files have; and one before 1970.
    for (const t of [1_700_000_000.123456, 1_712_345_678.999999, 981_234_567.000001, -1.25]) {
      utimesSync(path, t, t);
      const { seen } = await hashFile(fsSourceReader, {
        path,
        size: bytes.length,
        partSize: 5 * MiB,
      });
      const info = statSync(path);
      expect(seen).toEqual({ size: info.size, mtimeMs: info.mtimeMs });
    }
  });

  it('a file rewritten since planning at the same size, only its time changed, fails as "source changed" when it is hashed', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({
      dir: h.dir,
      bucket: 'b',
      prefix: 'p',
      hashAhead: false,
    });
    const later = statSync(join(h.dir, 'b.wav')).mtimeMs / 1000 + 60;
    utimesSync(join(h.dir, 'b.wav'), later, later);
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    const [b] = h.engine.failedUnits(plan.id);
    expect(b?.state.kind === 'failed' && b.state.cause.kind).toBe('source-changed');
    expect([...h.objects.objects.keys()].filter((k) => k.endsWith('.wav'))).toEqual(['p/a.wav']);
  });

  it("plans the pre-flight's scan, not the folder as it is later: a file changed since is caught when it is sent", async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 10 * KiB } });
    const scan = await scanFolder(h.dir);
    // Between the volunteer's verdict and the plan: one file added, one rewritten.
    h.writeFile('c.wav', 10 * KiB);
    writeFileSync(join(h.dir, 'b.wav'), 'rewritten');
    const plan = await h.engine.planFolder({
      dir: h.dir,
      scan,
      bucket: 'b',
      prefix: 'p',
      hashAhead: false,
    });
    const { units } = h.engine.listUnits(plan.id, { offset: 0, limit: 10 });
    expect(units.map((u) => [u.relPath, u.size])).toEqual([
      ['a.wav', 10 * KiB],
      ['b.wav', 10 * KiB],
    ]);
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    const [b] = h.engine.failedUnits(plan.id);
    expect(b?.relPath).toBe('b.wav');
    expect(b?.state.kind === 'failed' && b.state.cause.kind).toBe('source-changed');
    expect([...h.objects.objects.keys()].filter((k) => k.endsWith('.wav'))).toEqual(['p/a.wav']);
  });

  it('refuses a scan of another folder (a caller mixing two folders is a bug)', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const scan = await scanFolder(h.dir);
    await expect(
      h.engine.planFolder({ dir: join(h.dir, '..'), scan, bucket: 'b', prefix: 'p' }),
    ).rejects.toThrow(/cannot plan/);
    expect(h.engine.listPlans()).toHaveLength(0);
  });

  it('refuses an empty folder (junk only) with a clear error and creates no plan', async () => {
    h = makeHarness({ files: { '.DS_Store': 10 } });
    await expect(h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' })).rejects.toThrow(
      /no file to deposit/,
    );
    expect(h.engine.listPlans()).toHaveLength(0);
  });
});

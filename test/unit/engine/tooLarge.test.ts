import { afterEach, describe, expect, it } from 'vitest';
import { describeCause } from '../../../electron/cli/describeCause';
import { nightManifestKey } from '../../../shared/wire/nightManifestKey';
import { contentOf, KiB, makeHarness, MiB } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

/** The engine reads the object at the night's manifest key only after a 412 (ADR 0021). */
describe("an object too large to be a manifest at the night's key", () => {
  it('blocks the night as a conflict, never overwritten, and says so to the volunteer', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const key = nightManifestKey('p', h.store.getPlan(plan.id)?.nightId ?? '');
    // One byte over what the engine reads of a manifest (64 MiB): not read, not ours.
    const foreign = new Uint8Array(64 * MiB + 1);
    h.objects.seed(key, foreign);

    const result = await h.time.drive(h.engine.run(plan.id));

    if (result.kind !== 'blocked' || result.cause.kind !== 'conflict')
      throw new Error(`not blocked on a conflict: ${JSON.stringify(result)}`);
    expect(result.cause.remoteSize).toBe(64 * MiB + 1);
    // The manifest Depot would have written: a few hundred bytes, nothing like what is there.
    expect(result.cause.localSize).toBeGreaterThan(0);
    expect(result.cause.localSize).toBeLessThan(64 * KiB);
    expect(h.objects.objects.get(key)?.bytes).toBe(foreign);
    expect(h.objects.count('putObject')).toBe(2); // the file, then the manifest's one 412
    expect(h.objects.count('getObject')).toBe(1);
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 1, manifestAt: null });
    expect(describeCause(result.cause)).toMatch(
      /^another object already has this name \(67108865 bytes there, \d+ here\): not overwritten/,
    );
  });
});

/** With `readBack`, an object nothing proves is read up to the local file's size (ADR 0021). */
describe('an object that grew past the local file since the listing, read back', () => {
  it('is other bytes: a conflict, not overwritten, after one GetObject that read none of it', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB }, settings: { readBack: true } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    // Same size as the file, another tool's part layout: the listing proves nothing.
    const etag = `"${'a'.repeat(32)}-2"`;
    const local = contentOf('a.wav', 10 * KiB);
    h.objects.objects.set('p/a.wav', { bytes: local, etag, metadata: {} });
    // The file's own bytes and one more: only the length tells them apart.
    const grown = Buffer.concat([local, Buffer.from([0])]);
    const objects = h.objects;
    const read = objects.getObject.bind(objects);
    // Listed and asked with HeadObject already (same size, nothing proved): now it grows.
    objects.getObject = (input, options) => {
      objects.objects.set('p/a.wav', { bytes: grown, etag, metadata: {} });
      return read(input, options);
    };

    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });

    const [unit] = h.engine.failedUnits(plan.id);
    expect(unit?.state).toEqual({
      kind: 'failed',
      cause: { kind: 'conflict', localSize: 10 * KiB, remoteSize: 10 * KiB },
    });
    expect(h.objects.count('getObject')).toBe(1);
    expect(h.objects.count('putObject')).toBe(0);
    expect(h.objects.objects.get('p/a.wav')?.bytes).toBe(grown);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { contentOf, KiB, makeHarness, MiB, sha256Hex } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

/** How many times the engine opened the file (to hash it, then to send it or each part). */
const opensOf = (harness: Harness, name: string): number =>
  harness.opened.filter((f) => f === name).length;

describe('a small file hashed when taken (issue 15)', () => {
  it('is read once: the bytes it was hashed from are the request body; larger files are read per part', async () => {
    h = makeHarness({ files: { 'a.wav': 40 * KiB, 'b.wav': 2 * MiB, 'c.wav': 6 * MiB } });
    const plan = await h.engine.planFolder({
      dir: h.dir,
      bucket: 'b',
      prefix: 'p',
      hashAhead: false,
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    // Hashed when taken, then sent from the bytes hashed: one open, one read of its size (the
    // open file's fstat says where it ends), and no stat: the hash's fstat is the check.
    expect(opensOf(h, 'a.wav')).toBe(1);
    expect(h.reads.filter((f) => f === 'a.wav')).toHaveLength(1);
    expect(h.statted.filter((f) => f === 'a.wav')).toHaveLength(0);
    // Above 1 MiB the bytes are read again when sent (memory: ADR 0010), as are parts.
    expect(opensOf(h, 'b.wav')).toBe(2);
    expect(opensOf(h, 'c.wav')).toBe(1 + 2);
    for (const [name, size] of [
      ['a.wav', 40 * KiB],
      ['b.wav', 2 * MiB],
    ] as const) {
      const object = h.objects.objects.get(`p/${name}`);
      expect(object?.metadata.sha256).toBe(sha256Hex(contentOf(name, size)));
      expect(Buffer.from(object?.bytes ?? []).equals(contentOf(name, size))).toBe(true);
    }
  });

  it('planned ahead, it is read again when sent, as before', async () => {
    h = makeHarness({ files: { 'a.wav': 40 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    // Hashed while planning, read again when sent.
    expect(opensOf(h, 'a.wav')).toBe(2);
  });
});

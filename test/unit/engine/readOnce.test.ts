import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPart } from '../../../electron/engine/readPart';
import type * as ReadPartModule from '../../../electron/engine/readPart';
import { contentOf, KiB, makeHarness, MiB, sha256Hex } from './engineHarness';
import type { Harness } from './engineHarness';

vi.mock('../../../electron/engine/readPart', async (original) => {
  const real = await original<typeof ReadPartModule>();
  return { readPart: vi.fn(real.readPart) };
});

let h: Harness | undefined;
afterEach(() => {
  h?.cleanup();
  vi.mocked(readPart).mockClear();
});

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
    const readFor = vi.mocked(readPart).mock.calls.map(([, path]) => path.split('/').pop());
    expect(readFor.filter((f) => f === 'a.wav')).toEqual([]);
    // Above 1 MiB the bytes are read again when sent (memory: ADR 0010), as are parts.
    expect(readFor.filter((f) => f === 'b.wav')).toEqual(['b.wav']);
    expect(readFor.filter((f) => f === 'c.wav').length).toBe(2);
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
    expect(vi.mocked(readPart)).toHaveBeenCalledTimes(1);
  });
});

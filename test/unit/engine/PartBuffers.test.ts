import { afterEach, describe, expect, it } from 'vitest';
import { PartBuffers } from '../../../electron/engine/run/PartBuffers';
import { contentOf, makeHarness, MiB } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

describe('PartBuffers: what parts are read into, reused (issue 15)', () => {
  it('gives a buffer back out for the next part, the smallest idle one that fits, of the size asked', () => {
    const buffers = new PartBuffers(2);
    const a = buffers.take(5 * MiB);
    expect(a.length).toBe(5 * MiB);
    const b = buffers.take(3 * MiB);
    buffers.give(a);
    buffers.give(b);
    // A 2 MiB last part goes in the 3 MiB buffer, and leaves the 5 MiB one for a full part.
    const last = buffers.take(2 * MiB);
    expect(last.length).toBe(2 * MiB);
    expect(last.buffer).toBe(b.buffer);
    const full = buffers.take(5 * MiB);
    expect(full.buffer).toBe(a.buffer);
    // None idle: a new one.
    expect(buffers.take(5 * MiB).buffer).not.toBe(a.buffer);
  });

  it('holds at most `keep` idle buffers, and makes none smaller than the part size it is given', () => {
    const buffers = new PartBuffers(1, 5 * MiB);
    const a = buffers.take(1_000);
    const b = buffers.take(1_000);
    // The whole memory behind a part is its own (never Node's shared pool for small buffers).
    expect(a.buffer.byteLength).toBe(5 * MiB);
    expect(a.byteOffset).toBe(0);
    buffers.give(a);
    buffers.give(b);
    const again = buffers.take(5 * MiB);
    expect(again.buffer).toBe(a.buffer);
    expect(buffers.take(5 * MiB).buffer).not.toBe(b.buffer);
  });

  it('in a deposit, parts go out of as many buffers as the run has slots, each with its own bytes', async () => {
    h = makeHarness({
      files: { 'a.wav': 12 * MiB, 'b.wav': 12 * MiB, 'c.wav': 7 * MiB },
      settings: { concurrency: 2 },
    });
    const memories = new Set<ArrayBufferLike>();
    let parts = 0;
    const objects = h.objects;
    const uploadPart = objects.uploadPart.bind(objects);
    objects.uploadPart = (input, options) => {
      memories.add(input.body.bytes.buffer);
      parts += 1;
      return uploadPart(input, options);
    };
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(parts).toBe(3 + 3 + 2);
    expect(memories.size).toBeLessThanOrEqual(2);
    for (const [name, size] of [
      ['a.wav', 12 * MiB],
      ['b.wav', 12 * MiB],
      ['c.wav', 7 * MiB],
    ] as const) {
      const stored = h.objects.objects.get(`p/${name}`);
      expect(Buffer.from(stored?.bytes ?? []).equals(contentOf(name, size)), name).toBe(true);
    }
  });
});

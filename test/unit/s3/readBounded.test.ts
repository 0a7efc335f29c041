import { describe, expect, it } from 'vitest';
import { readBounded } from '../../../electron/s3/readBounded';

/** A body of these chunks that records how far it was read and whether it was destroyed. */
const bodyOf = (chunks: readonly number[]) => {
  const seen = { chunksRead: 0, destroyed: false };
  const body = {
    async *[Symbol.asyncIterator]() {
      for (const size of chunks) {
        seen.chunksRead += 1;
        await Promise.resolve();
        yield new Uint8Array(size).fill(7);
      }
    },
    destroy: () => {
      seen.destroyed = true;
    },
  };
  return { body, seen };
};

describe('readBounded', () => {
  it('reads a body within the limit whole, re-arming the watchdog per chunk', async () => {
    const { body, seen } = bodyOf([3, 4]);
    let alive = 0;
    const read = await readBounded(body, 7, 7, () => (alive += 1));
    expect(read.kind === 'bytes' && [...read.bytes]).toEqual([7, 7, 7, 7, 7, 7, 7]);
    expect(alive).toBe(2);
    expect(seen.destroyed).toBe(false);
  });

  it('does not read at all a body whose announced length is over the limit', async () => {
    const { body, seen } = bodyOf([10]);
    expect(await readBounded(body, 10, 9, () => undefined)).toEqual({
      kind: 'too-large',
      size: 10,
    });
    expect(seen).toEqual({ chunksRead: 0, destroyed: true });
  });

  it('stops a body without announced length at the chunk that goes past the limit', async () => {
    const { body, seen } = bodyOf([4, 4, 4, 4]);
    expect(await readBounded(body, undefined, 6, () => undefined)).toEqual({
      kind: 'too-large',
      size: 8,
    });
    expect(seen).toEqual({ chunksRead: 2, destroyed: true });
  });

  it('answers an answer without a body as empty bytes', async () => {
    expect(await readBounded(undefined, undefined, 10, () => undefined)).toEqual({
      kind: 'bytes',
      bytes: new Uint8Array(),
    });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { contentOf, makeHarness, MiB, sha256Hex } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

const SIZE = 12 * MiB;
/** A 12 MiB file is hashed in twelve 1 MiB reads. */
const HASH_READS = SIZE / MiB;

describe('large files taken at once (issue 15, ADR 0025)', () => {
  it('are hashed one after another, each whole before the next starts: the first is sent after its own hashing, not after all of them', async () => {
    h = makeHarness({ files: { 'a.wav': SIZE, 'b.wav': SIZE, 'c.wav': SIZE } });
    const plan = await h.engine.planFolder({
      dir: h.dir,
      bucket: 'b',
      prefix: 'p',
      hashAhead: false,
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    const reads = h.reads;
    const names = ['a.wav', 'b.wav', 'c.wav'].sort((x, y) => reads.indexOf(x) - reads.indexOf(y));
    // Every worker took a file at once (concurrency 4: eight workers), yet a file's first read
    // (its hashing's) waits for the file before it to be hashed whole.
    for (const [i, name] of names.entries()) {
      const before = reads.slice(0, reads.indexOf(name));
      const previous = names[i - 1];
      if (previous !== undefined) {
        expect(before.filter((f) => f === previous).length).toBeGreaterThanOrEqual(HASH_READS);
      }
      const object = h.objects.objects.get(`p/${name}`);
      expect(object?.metadata.sha256).toBe(sha256Hex(contentOf(name, SIZE)));
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { HASHED_AT_ONCE } from '../../../electron/engine/run/RunContext';
import { contentOf, makeHarness, MiB, sha256Hex } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

const SIZE = 12 * MiB;
/** A 12 MiB file is hashed in twelve 1 MiB reads. */
const HASH_READS = SIZE / MiB;

describe('large files taken at once (issue 15, ADR 0025)', () => {
  it('are hashed two at a time, not all together: the first are sent after their own hashing, not after every file’s', async () => {
    const names = ['a.wav', 'b.wav', 'c.wav', 'd.wav'];
    h = makeHarness({ files: Object.fromEntries(names.map((name) => [name, SIZE])) });
    const plan = await h.engine.planFolder({
      dir: h.dir,
      bucket: 'b',
      prefix: 'p',
      hashAhead: false,
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    const reads = h.reads;
    names.sort((x, y) => reads.indexOf(x) - reads.indexOf(y));
    expect(HASHED_AT_ONCE).toBe(2);
    // Every worker took a file at once (concurrency 4: eight workers). The first two are hashed
    // together (the hash worker pairs them); each later one waits until one before it has been
    // hashed whole (both, when a pair finishes together).
    for (const [i, name] of names.entries()) {
      const before = reads.slice(0, reads.indexOf(name));
      const hashedWhole = names
        .slice(0, i)
        .filter((earlier) => before.filter((f) => f === earlier).length >= HASH_READS).length;
      if (i < HASHED_AT_ONCE) expect(hashedWhole, name).toBe(0);
      else expect(hashedWhole, name).toBeGreaterThanOrEqual(i - HASHED_AT_ONCE + 1);
      const object = h.objects.objects.get(`p/${name}`);
      expect(object?.metadata.sha256).toBe(sha256Hex(contentOf(name, SIZE)));
    }
  });
});

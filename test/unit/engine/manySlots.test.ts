import { afterEach, describe, expect, it } from 'vitest';
import { KiB, makeHarness } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => {
  h?.cleanup();
  h = undefined;
});

// `depot deposit --concurrency 8` printed Node's "MaxListenersExceededWarning: Possible
// EventTarget memory leak detected. 11 abort listeners" on stderr: each file waiting for a slot
// listens to the run's signal, and up to twice the concurrency wait at once.
describe('a run with many slots', () => {
  it('warns of no listener leak on its signal, and every file lands', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [`f${String(i).padStart(2, '0')}.wav`, 40 * KiB]),
    );
    h = makeHarness({ files, settings: { concurrency: 16 } });
    const warnings: string[] = [];
    const onWarning = (w: Error): void => {
      warnings.push(`${w.name}: ${w.message}`);
    };
    process.on('warning', onWarning);
    try {
      const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
      expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
      // Node emits its warnings on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    expect(h.objects.objects.size).toBe(60 + 1);
  });
});

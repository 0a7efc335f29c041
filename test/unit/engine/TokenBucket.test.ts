import { describe, expect, it } from 'vitest';
import { TokenBucket } from '../../../electron/engine/TokenBucket';
import { MIN_BWLIMIT_BYTES_PER_SEC } from '../../../shared/domain/minimumBandwidth';

/** A clock that only moves when the bucket sleeps. */
const virtualTime = () => {
  let now = 0;
  return {
    clock: { now: () => now },
    sleeper: {
      sleep: (ms: number) => {
        now += ms;
        return Promise.resolve();
      },
    },
  };
};

describe('TokenBucket at the minimum cap (issue 12)', () => {
  it('never lets more than one second of the rate through in any second', async () => {
    const rate = MIN_BWLIMIT_BYTES_PER_SEC;
    const { clock, sleeper } = virtualTime();
    // As the engine builds it: the burst is the larger of the rate and one 256 KiB read.
    const bucket = new TokenBucket(rate, clock, sleeper, Math.max(rate, 256 * 1024));
    const granted: number[] = [];
    for (let i = 0; i < 40; i++) {
      await bucket.take(256 * 1024);
      granted.push(clock.now());
    }
    for (const start of granted) {
      const inWindow = granted.filter((t) => t >= start && t < start + 1000).length;
      expect(inWindow * 256 * 1024).toBeLessThanOrEqual(rate);
    }
    expect(clock.now()).toBeGreaterThanOrEqual(39_000);
  });
});

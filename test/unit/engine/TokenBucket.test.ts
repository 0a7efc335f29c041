import { describe, expect, it } from 'vitest';
import { sliceFor, TokenBucket } from '../../../electron/engine/TokenBucket';
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

const KiB = 1024;
const MiB = 1024 * KiB;

/** The most bytes granted in any window of one second starting at a grant. */
const busiestSecond = (grants: readonly { at: number; bytes: number }[]): number =>
  Math.max(
    ...grants.map((g) =>
      grants.filter((h) => h.at >= g.at && h.at < g.at + 1000).reduce((n, h) => n + h.bytes, 0),
    ),
  );

describe('TokenBucket: the bandwidth cap, slice by slice on the wire', () => {
  for (const rate of [MIN_BWLIMIT_BYTES_PER_SEC, 1 * MiB, 3 * MiB, 100 * MiB]) {
    it(`holds ${rate / KiB} KiB/s over any second, a whole part taken as the adapter writes it`, async () => {
      const { clock, sleeper } = virtualTime();
      // As the engine builds it: slices of an eighth of a second of the rate (16-256 KiB).
      const bucket = new TokenBucket(rate, clock, sleeper);
      expect(bucket.sliceBytes).toBe(sliceFor(rate));
      const grants: { at: number; bytes: number }[] = [];
      // Three 5 MiB parts, each written in the bucket's slices (issue 30: one burst each before).
      for (let part = 0; part < 3; part++) {
        for (let at = 0; at < 5 * MiB; at += bucket.sliceBytes) {
          const bytes = Math.min(bucket.sliceBytes, 5 * MiB - at);
          await bucket.take(bytes);
          grants.push({ at: clock.now(), bytes });
        }
      }
      expect(busiestSecond(grants)).toBeLessThanOrEqual(rate);
      // And the cap is the rate, not less: 15 MiB take their time at it, within a slice.
      expect(clock.now()).toBeGreaterThanOrEqual(
        ((15 * MiB - bucket.sliceBytes) * 1000) / rate - 1,
      );
    });
  }

  it('slices are an eighth of a second of the rate, between 16 and 256 KiB', () => {
    expect(sliceFor(MIN_BWLIMIT_BYTES_PER_SEC)).toBe(32 * KiB);
    expect(sliceFor(64 * KiB)).toBe(16 * KiB);
    expect(sliceFor(1 * MiB)).toBe(128 * KiB);
    expect(sliceFor(100 * MiB)).toBe(256 * KiB);
  });
});

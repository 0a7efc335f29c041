import { describe, expect, it } from 'vitest';
import {
  addSample,
  liveEta,
  liveRate,
  RATE_MIN_SPAN_MS,
  RATE_WINDOW_MS,
} from '../../../renderer/format/liveRate';
import type { AckSample } from '../../../renderer/format/liveRate';
import { itemAt } from '../../support/itemAt';

/** Readings every second from t0, `perSec` bytes acknowledged each second for `seconds`. */
const feed = (
  samples: readonly AckSample[],
  from: number,
  seconds: number,
  start: number,
  perSec: number,
): readonly AckSample[] => {
  let out = samples;
  for (let i = 0; i <= seconds; i++) {
    out = addSample(out, { at: from + i * 1000, acked: start + i * perSec });
  }
  return out;
};

describe('liveRate', () => {
  it('says nothing before five seconds of readings (a fresh start is not a measure)', () => {
    const samples = feed([], 0, 3, 0, 7_400_000);
    expect(liveRate(samples, 3_000)).toBeNull();
    expect(liveRate(samples, RATE_MIN_SPAN_MS - 1)).toBeNull();
  });

  it('measures what the server acknowledged over the window', () => {
    const samples = feed([], 0, 30, 0, 1_000_000);
    expect(liveRate(samples, 30_000)).toBeCloseTo(1_000_000, 0);
  });

  it('decays towards zero during a stall instead of freezing, and reaches it', () => {
    let samples = feed([], 0, 30, 0, 2_300_000);
    const acked = 30 * 2_300_000;
    const rates: number[] = [];
    for (let s = 31; s <= 60; s++) {
      samples = addSample(samples, { at: s * 1000, acked });
      rates.push(liveRate(samples, s * 1000) ?? -1);
    }
    for (const [i, rate] of rates.entries())
      if (i > 0) expect(rate).toBeLessThanOrEqual(itemAt(rates, i - 1));
    expect(rates[0]).toBeLessThan(2_300_000);
    expect(rates[rates.length - 1]).toBe(0);
  });

  it('keeps only the window and one reading at its edge', () => {
    const samples = feed([], 0, 120, 0, 1000);
    expect(itemAt(samples, 0).at).toBeLessThanOrEqual(120_000 - RATE_WINDOW_MS);
    expect(itemAt(samples, 1).at).toBeGreaterThan(120_000 - RATE_WINDOW_MS);
  });

  it('starts again when the count goes back (a restarted engine)', () => {
    const samples = addSample(feed([], 0, 10, 5_000_000, 1000), { at: 11_000, acked: 100 });
    expect(samples).toEqual([{ at: 11_000, acked: 100 }]);
  });
});

describe('liveEta', () => {
  it('is unknown without a rate, zero when nothing is left', () => {
    expect(liveEta(10, null)).toBeNull();
    expect(liveEta(10, 0)).toBeNull();
    expect(liveEta(0, null)).toBe(0);
    expect(liveEta(1_000_000, 250_000)).toBe(4);
  });
});

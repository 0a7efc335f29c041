import { describe, expect, it } from 'vitest';
import {
  windowAfter,
  windowAllows,
  windowStart,
  type WindowSignal,
  type WindowState,
} from '../../../../bench/fleet/congestionWindow';

const settings = { max: 4, k: 3, samples: 4, minSamples: 2 };
const answered = (serverMs: number, sentAt = 0): WindowSignal => ({
  kind: 'answered',
  sentAt,
  serverMs,
});
const congested = (sentAt = 0): WindowSignal => ({ kind: 'congested', sentAt });

/** The window after each signal in turn, given at `now` = its index x 1000. */
const sizes = (signals: readonly WindowSignal[], from = windowStart(settings)): number[] => {
  let w: WindowState = from;
  return signals.map((signal, i) => {
    w = windowAfter(w, signal, i * 1000, settings);
    return w.size;
  });
};

describe('congestion window (the variant depot-aimd tried for issue 16, ADR 0019)', () => {
  it('starts at one request and grows by one per timely answer up to the concurrency', () => {
    expect(windowAllows(windowStart(settings))).toBe(1);
    expect(sizes([answered(40), answered(40), answered(40), answered(40)])).toEqual([2, 3, 4, 4]);
  });

  it.each([
    ['a 503, SlowDown or timeout', congested(5_000)],
    ['an answer slower than k x the median', answered(130, 5_000)],
  ])('is halved by %s, then grows by 1/size per timely answer', (_, signal) => {
    const full = [answered(40), answered(40), answered(40)];
    expect(sizes([...full, signal, answered(40), answered(40)])).toEqual([2, 3, 4, 2, 2.5, 2.9]);
  });

  it('does not take an answer within k x the median for congestion', () => {
    expect(sizes([answered(40), answered(40), answered(120)])).toEqual([2, 3, 4]);
  });

  it('needs minSamples answers before a slow one means anything', () => {
    expect(sizes([answered(40), answered(500)])).toEqual([2, 3]);
  });

  it('cuts once per round: a request sent before the last cut does not cut again', () => {
    const full = [answered(40), answered(40), answered(40)];
    // Cut at now = 3000 by a request sent at 2500; the next, sent at 2900, saw the same queue.
    expect(sizes([...full, congested(2_500), congested(2_900), congested(3_500)])).toEqual([
      2, 3, 4, 2, 2, 1,
    ]);
  });

  it('never goes under one request', () => {
    expect(sizes([congested(0), congested(1_000)])).toEqual([1, 1]);
  });

  it('keeps slow answers out of the median, so a lasting queue keeps reading as slow', () => {
    const full = [answered(40), answered(40), answered(40)];
    const slow = [answered(500, 3_000), answered(500, 4_000), answered(500, 5_000)];
    expect(sizes([...full, ...slow])).toEqual([2, 3, 4, 2, 1, 1]);
  });
});

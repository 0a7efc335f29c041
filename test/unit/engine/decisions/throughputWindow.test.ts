import { describe, expect, it } from 'vitest';
import type { Ack } from '../../../../shared/engine/throughputWindow';
import { staleAcks, throughputOf } from '../../../../shared/engine/throughputWindow';

const acks = (...pairs: [number, number][]): Ack[] => pairs.map(([at, bytes]) => ({ at, bytes }));

describe('throughput window: bytes per second over the last ten seconds of acknowledgements', () => {
  it.each<[string, Ack[], number, number]>([
    ['none', [], 50_000, 0],
    ['all recent', acks([45_000, 1], [49_000, 1]), 50_000, 0],
    ['exactly ten seconds old is kept', acks([40_000, 1], [49_000, 1]), 50_000, 0],
    ['older ones drop', acks([10_000, 1], [39_999, 1], [45_000, 1]), 50_000, 2],
    ['every one old', acks([1_000, 1], [2_000, 1]), 50_000, 2],
  ])('stale: %s', (_, acked, now, expected) => {
    expect(staleAcks(acked, now)).toBe(expected);
  });

  it.each<[string, Ack[], number, number | undefined]>([
    ['nothing acknowledged', [], 10_000, undefined],
    ['one part just now: over one second, not an instant', acks([10_000, 8_000]), 10_000, 8_000],
    ['two parts over four seconds', acks([6_000, 4_000], [9_000, 4_000]), 10_000, 2_000],
    ['half a second counts as one', acks([9_500, 1_000]), 10_000, 1_000],
  ])('rate: %s', (_, acked, now, expected) => {
    expect(throughputOf(acked, now)).toBe(expected);
  });
});

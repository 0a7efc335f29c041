import { describe, expect, it } from 'vitest';
import { defaultEngineSettings } from '../../../electron/engine/EngineSettings';
import { holdAfterGiveUp, paceAfterGiveUp } from '../../../shared/retry/paceAfterGiveUp';

const settings = { paceBaseMs: 2_000, paceCapMs: 60_000, endpointHoldCapMs: 30_000 };

describe('paceAfterGiveUp', () => {
  it.each([
    // give-ups so far, random, delay: d = min(60 s, 2 s * 2^n), d/2 + random * d/2
    [0, 0, 1_000],
    [0, 0.5, 1_500],
    [1, 0, 2_000],
    [1, 0.999, 3_998],
    [2, 0.5, 6_000],
    [4, 0, 16_000],
    [5, 0, 30_000],
    [5, 0.5, 45_000],
    [20, 0, 30_000],
    [10_000, 0.999, 59_970],
  ] as const)('after %i give-ups, random %f -> %i ms', (giveUps, r, delay) => {
    const paced = paceAfterGiveUp(settings, giveUps, r);
    expect(paced.delayMs).toBeCloseTo(delay, 6);
    expect(paced.consecutiveGiveUps).toBe(giveUps + 1);
  });

  it('is what the engine uses by default (2 s doubling to 60 s)', () => {
    expect(paceAfterGiveUp(defaultEngineSettings, 0, 0).delayMs).toBe(1_000);
    expect(paceAfterGiveUp(defaultEngineSettings, 30, 0.999).delayMs).toBeCloseTo(59_970, 6);
  });
});

describe('holdAfterGiveUp', () => {
  const now = 1_000_000;
  it.each([
    // hold so far, not-before, network, new hold
    [0, now + 5_000, false, now + 5_000],
    [0, now + 3_600_000, false, now + 30_000],
    [now + 40_000, now + 5_000, false, now + 40_000],
    [now + 10_000, now + 20_000, false, now + 20_000],
    [0, now + 5_000, true, 0],
    [now + 7_000, now + 60_000, true, now + 7_000],
  ] as const)('hold %i, not before %i, network %s -> %i', (hold, notBefore, network, next) => {
    expect(holdAfterGiveUp(settings, hold, { notBefore, network }, now)).toBe(next);
  });
});

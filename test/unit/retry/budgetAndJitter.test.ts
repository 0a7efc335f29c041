import { describe, expect, it } from 'vitest';
import { equalJitter, equalJitterBounds } from '../../../shared/retry/equalJitter';
import { RetryBudget } from '../../../shared/retry/RetryBudget';
import { defaultRetrySettings } from '../../../shared/retry/RetrySettings';

describe('equalJitter', () => {
  it.each([
    // base, cap, attempt, random, delay
    [1_000, 30_000, 1, 0, 500],
    [1_000, 30_000, 1, 0.5, 750],
    [1_000, 30_000, 2, 0, 1_000],
    [1_000, 30_000, 3, 0.5, 3_000],
    [1_000, 30_000, 5, 0.999, 15_992],
    [1_000, 30_000, 6, 0, 15_000],
    [1_000, 30_000, 20, 0, 15_000],
    [1_000, 2_000, 1, 0.5, 750],
    [1_000, 2_000, 2, 0.5, 1_500],
  ] as const)('base %i cap %i attempt %i random %f -> %i ms', (base, cap, n, r, delay) => {
    expect(Math.round(equalJitter(base, cap, n, r))).toBe(delay);
  });

  it('half fixed, half random, within [d/2, d]', () => {
    expect(equalJitterBounds(1_000, 30_000, 4)).toEqual({ min: 4_000, max: 8_000 });
    expect(equalJitterBounds(1_000, 30_000, 10)).toEqual({ min: 15_000, max: 30_000 });
  });
});

describe('RetryBudget', () => {
  it('starts full: 20 retries, then none', () => {
    const budget = new RetryBudget(defaultRetrySettings.budget);
    const granted = Array.from({ length: 25 }, () => budget.tryRetry()).filter(Boolean).length;
    expect(granted).toBe(20);
    expect(budget.available).toBe(0);
  });

  it('ten first attempts buy exactly one retry (no float drift)', () => {
    const budget = new RetryBudget(defaultRetrySettings.budget);
    while (budget.tryRetry()) {
      /* drain */
    }
    for (let i = 0; i < 9; i += 1) budget.onFirstAttempt();
    expect(budget.tryRetry()).toBe(false);
    budget.onFirstAttempt();
    expect(budget.tryRetry()).toBe(true);
    expect(budget.tryRetry()).toBe(false);
  });

  it('never holds more than its capacity', () => {
    const budget = new RetryBudget(defaultRetrySettings.budget);
    for (let i = 0; i < 1_000; i += 1) budget.onFirstAttempt();
    expect(budget.available).toBe(20);
  });
});

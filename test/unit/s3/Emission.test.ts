import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEmission } from '../../../electron/s3/Emission';

const clock = { now: () => Date.now() };

describe('Emission: time spent waiting for the bandwidth cap (issue 30)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is neither silence, nor a stall, nor the deadline’s', async () => {
    const onSilent = vi.fn();
    const emission = startEmission(
      { deadline: Date.now() + 3_000, onSilent },
      clock,
      /* stallMs */ 2_000,
      /* silentMs */ 500,
    );
    // Held back by the cap for 10 s: far past the silence, the stall and the deadline.
    let release = (): void => undefined;
    const waiting = emission.paced(new Promise<void>((resolve) => (release = resolve)));
    await vi.advanceTimersByTimeAsync(10_000);
    release();
    await waiting;
    expect(onSilent).not.toHaveBeenCalled();
    expect(emission.cause()).toBeUndefined();
    // Afterwards they run again from where they were: silence first, then the stall.
    await vi.advanceTimersByTimeAsync(600);
    expect(onSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(emission.cause()).toBe('stall');
    emission.end();
  });

  it('keeps the deadline’s time left once the wait is over', async () => {
    const emission = startEmission({ deadline: Date.now() + 1_000 }, clock, 60_000, 60_000);
    await vi.advanceTimersByTimeAsync(400);
    const waiting = emission.paced(new Promise<void>((resolve) => setTimeout(resolve, 5_000)));
    await vi.advanceTimersByTimeAsync(5_000);
    await waiting;
    await vi.advanceTimersByTimeAsync(550);
    expect(emission.cause()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    expect(emission.cause()).toBe('deadline');
    emission.end();
  });
});

import { describe, expect, it } from 'vitest';
import { afterObserved } from '../../support/afterObserved';

describe('afterObserved (the integration tests stop a process with it)', () => {
  it('holds only once the delay has passed since progress was first seen', () => {
    let now = 1_000;
    let seen = false;
    const stop = afterObserved(
      () => seen,
      500,
      () => now,
    );
    now += 10_000;
    expect(stop()).toBe(false); // however long the start took, nothing seen yet
    seen = true;
    expect(stop()).toBe(false); // seen at 11 000
    now += 499;
    expect(stop()).toBe(false);
    seen = false; // what was seen stays seen: the delay still counts from its first sight
    now += 1;
    expect(stop()).toBe(true);
  });

  it('holds at once with no delay', () => {
    const stop = afterObserved(
      () => true,
      0,
      () => 0,
    );
    expect(stop()).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { activityInWallTime, stateInWallTime, wallTimeOf } from '../../../electron/app/WallTime';

describe('engine times shown on the wall clock', () => {
  // The wall clock was set back 20 minutes since the engine's clock started with it.
  const engine = { now: () => 10_000_000 };
  const wall = { now: () => 10_000_000 - 1_200_000 };
  const toWall = wallTimeOf(engine, wall);

  it('a wait that ends in 30 s by the engine ends in 30 s by the screen’s clock', () => {
    expect(toWall(10_030_000) - wall.now()).toBe(30_000);
  });

  it('converts every time of one wait with one offset: the bar and the row show one countdown', () => {
    let engineNow = 0;
    let wallNow = 5_000_000;
    const toWallNow = wallTimeOf({ now: () => engineNow }, { now: () => wallNow });
    const first = toWallNow(30_000);
    // A few milliseconds later the two clocks have drifted apart by a millisecond.
    engineNow = 7;
    wallNow = 5_000_008;
    expect(toWallNow(30_000)).toBe(first);
    // The wall clock set forward a minute: the countdowns follow it.
    wallNow = 5_060_008;
    expect(toWallNow(30_000)).toBe(first + 60_001);
  });

  it('moves the countdowns of a retry and of a deferral, nothing else', () => {
    expect(activityInWallTime({ kind: 'retry-wait', nextAttemptAt: 10_030_000 }, toWall)).toEqual({
      kind: 'retry-wait',
      nextAttemptAt: 8_830_000,
    });
    expect(stateInWallTime({ kind: 'deferred', notBefore: 10_060_000 }, toWall)).toEqual({
      kind: 'deferred',
      notBefore: 8_860_000,
    });
    expect(activityInWallTime({ kind: 'sending', bytesAcked: 5 }, toWall)).toEqual({
      kind: 'sending',
      bytesAcked: 5,
    });
    expect(stateInWallTime({ kind: 'done', alreadyPresent: false }, toWall)).toEqual({
      kind: 'done',
      alreadyPresent: false,
    });
  });
});

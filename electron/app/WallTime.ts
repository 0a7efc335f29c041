import type { UnitActivity, UnitState } from '../../shared/domain/UnitState';
import type { Clock } from '../../shared/ports/Clock';

/**
 * An engine time (the monotonic clock) as this computer's wall clock reads it now: what the
 * screen compares with its own clock for a countdown. The two part when the wall clock is set
 * back or forward while a night deposits (issue 30, item 7); the engine's waits keep their length,
 * the countdowns shown follow.
 */
export type WallTime = (engineTime: number) => number;

/**
 * One offset for every conversion, moved only when the wall clock is set (by more than a second):
 * the status bar and a row convert the same wait at two instants, and must show one countdown
 * (issue 31), not two a millisecond apart that round to different seconds.
 */
const SET_BY_MORE_THAN_MS = 1_000;

export const wallTimeOf = (engine: Clock, wall: Clock): WallTime => {
  let offset: number | undefined;
  return (t) => {
    const now = wall.now() - engine.now();
    if (offset === undefined || Math.abs(now - offset) > SET_BY_MORE_THAN_MS) offset = now;
    return t + offset;
  };
};

export const activityInWallTime = (activity: UnitActivity, wall: WallTime): UnitActivity =>
  activity.kind === 'retry-wait'
    ? { ...activity, nextAttemptAt: wall(activity.nextAttemptAt) }
    : activity;

export const stateInWallTime = (state: UnitState, wall: WallTime): UnitState =>
  state.kind === 'deferred' ? { ...state, notBefore: wall(state.notBefore) } : state;

import type { UnitActivity, UnitState } from '../../shared/domain/UnitState';
import type { Clock } from '../../shared/ports/Clock';

/**
 * An engine time (the monotonic clock) as this computer's wall clock reads it now: what the
 * screen compares with its own clock for a countdown. The two part when the wall clock is set
 * back or forward while a night deposits (issue 30, item 7); the engine's waits keep their length,
 * the countdowns shown follow.
 */
export type WallTime = (engineTime: number) => number;

export const wallTimeOf =
  (engine: Clock, wall: Clock): WallTime =>
  (t) =>
    t + (wall.now() - engine.now());

export const activityInWallTime = (activity: UnitActivity, wall: WallTime): UnitActivity =>
  activity.kind === 'retry-wait'
    ? { ...activity, nextAttemptAt: wall(activity.nextAttemptAt) }
    : activity;

export const stateInWallTime = (state: UnitState, wall: WallTime): UnitState =>
  state.kind === 'deferred' ? { ...state, notBefore: wall(state.notBefore) } : state;

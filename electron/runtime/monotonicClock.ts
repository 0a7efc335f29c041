import type { Clock } from '../../shared/ports/Clock';

/**
 * The engine's time: the wall clock as it read when this process started, then the monotonic
 * clock's progress. A wall clock set back or forward while a night deposits (an NTP correction
 * when the tether comes up) moves none of its waits, deadlines or paces (issue 30, item 7).
 * Times that other processes read (run leases) use the wall clock (`systemClock`).
 */
export const monotonicClock: Clock = {
  // Whole milliseconds, as Date.now() gives: the store keeps these times.
  now: () => Math.floor(performance.timeOrigin + performance.now()),
};

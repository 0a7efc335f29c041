import { monotonicClock } from '../runtime/monotonicClock';

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * An engine time (the monotonic clock) as this computer's local date and time now reads it,
 * `YYYY-MM-DD HH:MM`: what a volunteer compares with the clock on the wall.
 */
export const wallClockText = (engineTime: number, now = Date.now()): string => {
  const d = new Date(engineTime + (now - monotonicClock.now()));
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
};

import type { WallClock } from './FieldTimestamp';

const p2 = (n: number): string => String(n).padStart(2, '0');

/**
 * The night a local wall-clock time belongs to, named after its evening: nights run from noon to
 * noon, so 02:30 on 13 June belongs to the night of 2026-06-12.
 */
export const nightOf = (w: WallClock): string => {
  const evening = new Date(Date.UTC(w.year, w.month - 1, w.day - (w.hour < 12 ? 1 : 0)));
  return `${evening.getUTCFullYear()}-${p2(evening.getUTCMonth() + 1)}-${p2(evening.getUTCDate())}`;
};

/**
 * The rows are read again at most this often: pushed events keep them, this read repairs a missed
 * one (issue 32: two pages of rows on every event and every second before).
 */
export const RECONCILE_EVERY_MS = 5_000;

export const reconcileDue = (lastAt: number | null, now: number): boolean =>
  lastAt === null || now - lastAt >= RECONCILE_EVERY_MS;

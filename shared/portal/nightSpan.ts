import type { PreflightFile } from '../field/PreflightReport';

/** When a night's recordings ran, in epoch ms: a participation's dates (ADR 0032). */
export type NightSpan = { readonly startsAt: number; readonly endsAt: number };

/**
 * The first recording's start and the last one's end (start plus its real duration), from the
 * files whose time is known with its offset; undefined when none is (the dates are then the
 * volunteer's to give, never guessed).
 */
export const nightSpan = (files: Iterable<PreflightFile>): NightSpan | undefined => {
  let startsAt = Infinity;
  let endsAt = -Infinity;
  for (const f of files) {
    if (f.recordedAtMs === undefined) continue;
    startsAt = Math.min(startsAt, f.recordedAtMs);
    endsAt = Math.max(endsAt, f.recordedAtMs + Math.round((f.durationSec ?? 0) * 1000));
  }
  return Number.isFinite(startsAt) ? { startsAt, endsAt } : undefined;
};

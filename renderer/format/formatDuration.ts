import type { Locale } from '../../shared/ipc/views';

const pad = (n: number): string => String(n).padStart(2, '0');

/** A duration for a person: the two largest units, rounded (`2 h 05 min`, `3 min 20 s`, `45 s`). */
export const formatDuration = (seconds: number, locale: Locale): string => {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const nb = '\u00a0';
  if (h >= 24) {
    const d = Math.floor(h / 24);
    return locale === 'fr' ? `${d}${nb}j ${h % 24}${nb}h` : `${d}${nb}d ${h % 24}${nb}h`;
  }
  if (h > 0) return `${h}${nb}h ${pad(m)}${nb}min`;
  if (m > 0) return `${m}${nb}min ${pad(s)}${nb}s`;
  return `${s}${nb}s`;
};

/** Time left, or null when it cannot be estimated (nothing measured, paused, done). */
export const formatEta = (seconds: number | null, locale: Locale): string | null => {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  if (seconds < 1) return locale === 'fr' ? 'moins d’une seconde' : 'under a second';
  return `≈\u00a0${formatDuration(seconds, locale)}`;
};

/** Whole seconds until `at`, never negative: the "nouvelle tentative dans N s" countdown. */
export const secondsUntil = (at: number, now: number): number =>
  Math.max(0, Math.ceil((at - now) / 1000));

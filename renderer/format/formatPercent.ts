import type { Locale } from '../../shared/ipc/views';

/** Floors so "100 %" only shows when everything is confirmed. */
export const formatPercent = (part: number, whole: number, locale: Locale): string => {
  const ratio = whole <= 0 ? 0 : Math.min(1, Math.max(0, part / whole));
  const floored = Math.floor(ratio * 1000) / 1000;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    floored,
  );
};

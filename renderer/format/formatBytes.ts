import type { Locale } from '../../shared/ipc/views';

// Decimal units, as file managers on the volunteers' laptops show them; French says "octet".
const units: Readonly<Record<Locale, readonly string[]>> = {
  fr: ['o', 'Ko', 'Mo', 'Go', 'To'],
  en: ['B', 'kB', 'MB', 'GB', 'TB'],
};

export const formatBytes = (bytes: number, locale: Locale): string => {
  const names = units[locale];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < names.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const text = new Intl.NumberFormat(locale, {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value);
  return `${text}\u00a0${names[unit] ?? ''}`;
};

export const formatRate = (bytesPerSec: number, locale: Locale): string =>
  `${formatBytes(bytesPerSec, locale)}/s`;

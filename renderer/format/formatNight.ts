import type { Locale } from '../../shared/ipc/views';

/**
 * A night's date (`2026-06-13`) spelled out in the volunteer's language (`sam. 13 juin 2026`,
 * `Sat 13 Jun 2026`): never mm/dd/yyyy, whatever the browser's own locale. The date is a calendar
 * day, not an instant, so it is formatted in UTC to stay the same day everywhere.
 */
export const formatNight = (night: string, locale: Locale): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(night);
  if (match === null) return night;
  const [, y, m, d] = match;
  const at = Date.UTC(Number(y), Number(m) - 1, Number(d));
  if (Number.isNaN(at)) return night;
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
};

import type { Locale } from '../../shared/ipc/views';

/** Hours and minutes of an instant in the viewer's zone (`reporté jusqu’à 21:05`). */
export const formatClock = (epochMs: number, locale: Locale, timeZone?: string): string =>
  new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone === undefined ? {} : { timeZone }),
  }).format(epochMs);

/** Day and time of an instant, for "last activity". */
export const formatDateTime = (epochMs: number, locale: Locale, timeZone?: string): string =>
  new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', {
    day: '2-digit',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone === undefined ? {} : { timeZone }),
  }).format(epochMs);

/** An instant to come: its time alone when it is today, else its day and time. */
export const formatWhen = (epochMs: number, now: number, locale: Locale): string =>
  new Date(epochMs).toDateString() === new Date(now).toDateString()
    ? formatClock(epochMs, locale)
    : formatDateTime(epochMs, locale);

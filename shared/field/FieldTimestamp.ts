import { requiredGroups } from '../text/requiredGroups';

/** A wall-clock reading as a recorder wrote it (no zone applied). */
export type WallClock = {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
};

/**
 * How the recorder qualified its wall clock: an explicit UTC offset (`+02:00`, AudioMoth
 * `(UTC+2)`), UTC itself (`Z`, AudioMoth `(UTC)`: often a device that does not know its zone), or
 * nothing (a local time whose zone only the volunteer knows).
 */
export type TimestampOffset =
  | { readonly kind: 'explicit'; readonly minutes: number }
  | { readonly kind: 'utc' }
  | { readonly kind: 'none' };

export type TimestampSource = 'guano' | 'audiomoth' | 'file-name';

export type FieldTimestamp = {
  readonly wall: WallClock;
  readonly offset: TimestampOffset;
  readonly source: TimestampSource;
};

const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Builds a WallClock when every field is in range (31 February is not a date). */
export const wallClock = (
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  millisecond = 0,
): WallClock | undefined => {
  const ok =
    year >= 1970 &&
    year <= 2200 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour >= 0 &&
    hour <= 23 &&
    minute >= 0 &&
    minute <= 59 &&
    second >= 0 &&
    second <= 59;
  return ok ? { year, month, day, hour, minute, second, millisecond } : undefined;
};

/** The wall clock read as if it were UTC: a comparable number, not an instant. */
export const wallMs = (w: WallClock): number =>
  Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);

export const wallFromMs = (ms: number): WallClock => {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
  };
};

const p2 = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:MM:SS`, plus the offset (`+02:00`, `Z`) when given. */
export const formatWall = (w: WallClock, offsetMinutes?: number): string => {
  const base = `${w.year}-${p2(w.month)}-${p2(w.day)}T${p2(w.hour)}:${p2(w.minute)}:${p2(w.second)}`;
  return offsetMinutes === undefined ? base : base + formatOffset(offsetMinutes);
};

export const formatOffset = (minutes: number): string =>
  minutes === 0
    ? 'Z'
    : `${minutes < 0 ? '-' : '+'}${p2(Math.floor(Math.abs(minutes) / 60))}:${p2(Math.abs(minutes) % 60)}`;

/**
 * Parses the ISO 8601 subsets GUANO allows: local (`2015-12-31T23:59:59.123`), UTC (`...Z`) and
 * UTC-relative (`...+04:00`). A space instead of `T` and `+0400` are tolerated (seen in the wild).
 */
export const parseIsoTimestamp = (
  text: string,
): { wall: WallClock; offset: TimestampOffset } | undefined => {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(
      text.trim(),
    );
  if (!m) return undefined;
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const [y, mo, d, h, mi] = requiredGroups(m, 5);
  const wall = wallClock(+y, +mo, +d, +h, +mi, m[6] ? +m[6] : 0, ms);
  if (!wall) return undefined;
  const z = m[8];
  if (z === undefined) return { wall, offset: { kind: 'none' } };
  if (z.toUpperCase() === 'Z') return { wall, offset: { kind: 'utc' } };
  const digits = z.slice(1).replace(':', '');
  const minutes = +digits.slice(0, 2) * 60 + (digits.length > 2 ? +digits.slice(2, 4) : 0);
  if (minutes > 14 * 60) return undefined;
  return { wall, offset: { kind: 'explicit', minutes: z.startsWith('-') ? -minutes : minutes } };
};

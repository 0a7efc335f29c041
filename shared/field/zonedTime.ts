import type { WallClock } from './FieldTimestamp';
import { wallFromMs, wallMs } from './FieldTimestamp';

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatter = (zone: string): Intl.DateTimeFormat => {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
};

/** True for a zone Intl knows (IANA names such as `Europe/Paris`, and `UTC`). */
export const isValidTimeZone = (zone: string): boolean => {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
};

/** The zone's UTC offset in minutes at an instant (DST included), from the platform's tz database. */
export const offsetMinutesAt = (zone: string, instant: number): number => {
  const parts = formatter(zone).formatToParts(new Date(instant));
  // The formatter is built above with all six fields: a missing one is a broken platform.
  const field = (type: Intl.DateTimeFormatPartTypes): number => {
    const part = parts.find((p) => p.type === type);
    if (part === undefined) throw new Error(`Intl gave no ${type} for ${zone} at ${instant}`);
    return Number(part.value);
  };
  const asUtc = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return Math.round((asUtc - (instant - (((instant % 1000) + 1000) % 1000))) / 60_000);
};

/**
 * The instant a wall clock denotes in a zone. Around DST changes it behaves like Temporal's
 * 'compatible' disambiguation: a time repeated in autumn is its first occurrence, a time
 * skipped in spring moves forward by the gap (02:30 on a spring-forward night reads as 03:30).
 */
export const wallToInstant = (wall: WallClock, zone: string): number => {
  const local = wallMs(wall);
  const day = 86_400_000;
  const before = offsetMinutesAt(zone, local - day);
  const after = offsetMinutesAt(zone, local + day);
  const candidates = [local - before * 60_000, local - after * 60_000].filter(
    (t) => t + offsetMinutesAt(zone, t) * 60_000 === local,
  );
  if (candidates.length > 0) return Math.min(...candidates);
  return local - before * 60_000;
};

/** The wall clock of an instant in a zone. */
export const instantToWall = (instant: number, zone: string): WallClock =>
  wallFromMs(instant + offsetMinutesAt(zone, instant) * 60_000);

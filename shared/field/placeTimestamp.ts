import type { FieldTimestamp, WallClock } from './FieldTimestamp';
import { formatWall, wallFromMs, wallMs } from './FieldTimestamp';
import { nightOf } from './nightOf';
import { instantToWall, offsetMinutesAt, wallToInstant } from './zonedTime';

/** Which clock decided a file's local time: its own offset, the volunteer's zone, or neither. */
export type TimeZoneSource = 'file-offset' | 'volunteer' | 'none';

export type PlacedTimestamp = {
  /** The recorder's local wall clock, the one nights are cut on. */
  readonly local: WallClock;
  readonly night: string;
  /** Epoch ms, when the offset is known (from the file or the volunteer's zone). */
  readonly instant?: number;
  readonly offsetMinutes?: number;
  readonly zoneSource: TimeZoneSource;
  /** ISO 8601 local time, with its offset when known. */
  readonly localIso: string;
};

/**
 * Places a recorder's timestamp in local time (see docs/decisions/0004): an explicit offset in the
 * file wins; a UTC timestamp (`Z`, AudioMoth `(UTC)`) is converted to the volunteer's zone when one
 * is given, because recorders write UTC when they do not know their zone; a timestamp without any
 * offset is already local, and the volunteer's zone (DST-correct, via Intl) only dates the instant.
 */
export const placeTimestamp = (ts: FieldTimestamp, zone?: string): PlacedTimestamp => {
  const make = (
    local: WallClock,
    zoneSource: TimeZoneSource,
    instant?: number,
    offsetMinutes?: number,
  ): PlacedTimestamp => ({
    local,
    night: nightOf(local),
    zoneSource,
    localIso: formatWall(local, offsetMinutes),
    ...(instant !== undefined ? { instant, offsetMinutes } : {}),
  });
  switch (ts.offset.kind) {
    case 'explicit':
      return make(
        ts.wall,
        'file-offset',
        wallMs(ts.wall) - ts.offset.minutes * 60_000,
        ts.offset.minutes,
      );
    case 'utc': {
      const instant = wallMs(ts.wall);
      if (zone === undefined) return make(ts.wall, 'file-offset', instant, 0);
      return make(
        instantToWall(instant, zone),
        'volunteer',
        instant,
        offsetMinutesAt(zone, instant),
      );
    }
    case 'none': {
      if (zone === undefined) return make(ts.wall, 'none');
      const instant = wallToInstant(ts.wall, zone);
      const offset = offsetMinutesAt(zone, instant);
      // A wall time skipped by a spring-forward change is read as the time after the gap.
      return make(wallFromMs(instant + offset * 60_000), 'volunteer', instant, offset);
    }
  }
};

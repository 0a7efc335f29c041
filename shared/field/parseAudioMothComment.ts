import type { FieldTimestamp, TimestampOffset } from './FieldTimestamp';
import { requiredGroups } from '../text/requiredGroups';
import { wallClock } from './FieldTimestamp';

export type AudioMothComment = {
  readonly timestamp: FieldTimestamp;
  /** The 16-hex-digit device id, when the comment names the recorder (not a deployment). */
  readonly serial?: string;
  readonly deployment?: string;
};

/**
 * Reads AudioMoth's `ICMT` comment, written by its firmware as
 * `Recorded at HH:MM:SS DD/MM/YYYY (UTC[+h|-h][:mm]) by AudioMoth <16 hex> ...` (or
 * `during deployment <16 hex>`). Firmware before the time-zone setting wrote no `(UTC...)`: its
 * clock was UTC, so that reads as UTC too.
 */
export const parseAudioMothComment = (comment: string): AudioMothComment | undefined => {
  const m =
    /Recorded at (\d{2}):(\d{2}):(\d{2}) (\d{2})\/(\d{2})\/(\d{4})(?: \(UTC(?:([+-])(\d{1,2})(?::(\d{2}))?)?\))?(?:\s+(?:by AudioMoth ([0-9A-Fa-f]{16})|during deployment ([0-9A-Fa-f]{16})))?/.exec(
      comment,
    );
  if (!m) return undefined;
  const [h, mi, s, d, mo, y] = requiredGroups(m, 6);
  const wall = wallClock(+y, +mo, +d, +h, +mi, +s);
  if (!wall) return undefined;
  const [sign, offsetHours, offsetMinutes] = [m[7], m[8], m[9]];
  const minutes =
    sign !== undefined && offsetHours !== undefined
      ? (sign === '-' ? -1 : 1) * (+offsetHours * 60 + (offsetMinutes ? +offsetMinutes : 0))
      : 0;
  const offset: TimestampOffset = sign ? { kind: 'explicit', minutes } : { kind: 'utc' };
  return {
    timestamp: { wall, offset, source: 'audiomoth' },
    ...(m[10] ? { serial: m[10].toUpperCase() } : {}),
    ...(m[11] ? { deployment: m[11].toUpperCase() } : {}),
  };
};

import type { FieldTimestamp, TimestampOffset } from './FieldTimestamp';
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
  const wall = wallClock(+m[6], +m[5], +m[4], +m[1], +m[2], +m[3]);
  if (!wall) return undefined;
  const minutes = m[7] ? (m[7] === '-' ? -1 : 1) * (+m[8] * 60 + (m[9] ? +m[9] : 0)) : 0;
  const offset: TimestampOffset = m[7] ? { kind: 'explicit', minutes } : { kind: 'utc' };
  return {
    timestamp: { wall, offset, source: 'audiomoth' },
    ...(m[10] ? { serial: m[10].toUpperCase() } : {}),
    ...(m[11] ? { deployment: m[11].toUpperCase() } : {}),
  };
};

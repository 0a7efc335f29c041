import type { FieldTimestamp } from './FieldTimestamp';
import { requiredGroups } from '../text/requiredGroups';
import { wallClock } from './FieldTimestamp';

export type FileNameInfo = {
  readonly timestamp: FieldTimestamp;
  /** What precedes the timestamp (`SITE01` in `SITE01_20260612_213000.wav`), separators trimmed. */
  readonly prefix: string;
};

/**
 * Finds `YYYYMMDD_HHMMSS` (or `-`) in a file name, with or without a prefix and a suffix
 * (`Car170517-2014-Pass1-C1-OB-1_20140702_224038_000.wav`). The time is the recorder's local
 * clock: the name carries no offset.
 */
export const parseFileName = (name: string): FileNameInfo | undefined => {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const m = /(?:^|[^0-9])((\d{4})(\d{2})(\d{2})[_-](\d{2})(\d{2})(\d{2}))(?![0-9])/.exec(base);
  if (!m) return undefined;
  const [stamp, y, mo, d, h, mi, s] = requiredGroups(m, 7);
  const wall = wallClock(+y, +mo, +d, +h, +mi, +s);
  if (!wall) return undefined;
  const at = base.indexOf(stamp, m.index);
  return {
    timestamp: { wall, offset: { kind: 'none' }, source: 'file-name' },
    prefix: base.slice(0, at).replace(/[\s_-]+$/, ''),
  };
};

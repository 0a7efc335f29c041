import type { PreflightFile } from '../field/PreflightReport';

const p3 = (n: number): string => String(n).padStart(3, '0');

/**
 * A recorder as one name segment: its serial, else its make and model, with anything but letters,
 * digits, `.`, `_` and `-` made a `-` (an Echo Meter names itself with spaces).
 */
export const recorderNamePart = (recorder: {
  readonly serial?: string | undefined;
  readonly make?: string | undefined;
  readonly model?: string | undefined;
}): string | undefined => {
  const known = (x: string | undefined): x is string => x !== undefined && x.trim() !== '';
  const raw = known(recorder.serial)
    ? recorder.serial
    : [recorder.make, recorder.model].filter(known).join(' ');
  const safe = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return safe === '' ? undefined : safe;
};

/**
 * One file's values for its programme name, over the night's (`night`): the recording's own start
 * as the pre-flight placed it (local wall clock: `date` YYYYMMDD, `time` HHMMSS, `ms`), its
 * recorder (its own, else its night's: a card's companion file names none), and its name on the
 * card (`stem`, `ext` without the dot, as written). A value the file does not give is undefined,
 * and the name that needs it says so.
 */
export const nameValues = (
  file: PreflightFile,
  night: Readonly<Record<string, string | undefined>>,
): Record<string, string | undefined> => {
  const base = file.relPath.slice(file.relPath.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  // `.hidden` has no extension; `a.` has an empty one, which is none.
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const ext = dot > 0 && dot < base.length - 1 ? base.slice(dot + 1) : undefined;
  const at =
    file.recordedAt === undefined
      ? undefined
      : /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(file.recordedAt);
  const serial = file.serial ?? night['serial'];
  const make = file.make ?? night['make'];
  const model = file.model ?? night['model'];
  return {
    ...night,
    date: at === null || at === undefined ? undefined : `${at[1]}${at[2]}${at[3]}`,
    time: at === null || at === undefined ? undefined : `${at[4]}${at[5]}${at[6]}`,
    ms: at === null || at === undefined ? undefined : p3(file.recordedMillis ?? 0),
    serial,
    make,
    model,
    recorder: recorderNamePart({ serial, make, model }),
    stem,
    ext,
  };
};

import { planMetadata } from '../../shared/field/planMetadata';
import type { PlanMetadata } from '../../shared/field/planMetadata';
import type { PreflightReport } from '../../shared/field/PreflightReport';
import { splitByNight } from '../../shared/field/splitByNight';
import type { NightSpan } from '../../shared/portal/nightSpan';
import type { CommandIo } from './Command';
import { reportPrefix } from './reportPrefix';

/** One night of the folder, as one plan deposits it. */
export type NightInputs = {
  readonly night?: string;
  readonly prefix: string;
  readonly include: readonly string[];
  readonly metadata: PlanMetadata;
  /** A programme's object names of `include` (relPath -> name under the prefix), when one names them. */
  readonly names?: ReadonlyMap<string, string>;
  /** When its recordings ran (a portal's participation takes it), when their times are known. */
  readonly span?: NightSpan;
};

const NIGHT_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The nights to deposit, each with its files and prefix, or an exit code. A folder of several
 * nights is split night by night when the prefix gives each its own key space ({night}, {day}...)
 * or when `--night` picks one; otherwise it is refused: one prefix for two nights would file one
 * night's recordings under the other's date (issue 11, "one night, one date").
 */
export const chooseNights = (
  command: 'deposit' | 'verify' | 'check',
  dir: string,
  report: PreflightReport,
  include: readonly string[],
  v: {
    readonly prefix: string;
    readonly night?: string;
    /** A programme's field values: placeholders of its prefix (they win over what files suggest). */
    readonly fields?: Readonly<Record<string, string>>;
  },
  io: CommandIo,
  usageError: (message: string) => number,
): readonly NightInputs[] | number => {
  const nights = report.nights.map((n) => n.night);
  const night = (n: string | undefined, files: readonly string[]): NightInputs | number => {
    const prefix = reportPrefix(v.prefix, report, usageError, {
      ...v.fields,
      ...(n === undefined ? {} : { night: n }),
    });
    if (typeof prefix === 'number') return prefix;
    return {
      ...(n === undefined ? {} : { night: n }),
      prefix,
      include: files,
      metadata: planMetadata(report, n === undefined ? {} : { night: n }),
    };
  };
  const collect = (entries: readonly (NightInputs | number)[]): readonly NightInputs[] | number => {
    const code = entries.find((e): e is number => typeof e === 'number');
    return code ?? entries.filter((e): e is NightInputs => typeof e !== 'number');
  };
  if (v.night !== undefined) {
    if (!NIGHT_DATE.test(v.night)) return usageError('--night must be a date: YYYY-MM-DD');
    if (nights.length > 1) {
      const picked = splitByNight(report, include).find((n) => n.night === v.night);
      if (picked === undefined)
        return usageError(
          `${dir} holds no recording of the night ${v.night} (its nights: ${nights.join(', ')})`,
        );
      return collect([night(picked.night, picked.relPaths)]);
    }
    if (nights.length === 1 && nights[0] !== v.night)
      return usageError(`${dir} holds the night ${nights[0] ?? ''} only, not ${v.night}`);
    return collect([night(v.night, include)]);
  }
  if (nights.length <= 1) return collect([night(nights[0], include)]);
  const split = collect(splitByNight(report, include).map((n) => night(n.night, n.relPaths)));
  if (typeof split === 'number') return split;
  if (new Set(split.map((n) => n.prefix)).size < split.length) {
    io.stderr.write(
      `depot ${command}: ${dir} holds ${nights.length} nights (${nights.join(', ')}) and the prefix "${v.prefix}" would put them under one date.\n` +
        `  Each night goes under its own date: add {night} to --prefix (e.g. --prefix "${v.prefix === '' ? '' : `${v.prefix.replace(/\/+$/, '')}/`}{night}/");\n` +
        `  or take one night: --night ${nights[0] ?? 'YYYY-MM-DD'}.\n`,
    );
    return 2;
  }
  return split;
};

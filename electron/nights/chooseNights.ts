import { expandPrefix, PrefixTemplateError } from '../../shared/field/expandPrefix';
import { planMetadata } from '../../shared/field/planMetadata';
import type { PreflightReport } from '../../shared/field/PreflightReport';
import { prefixValues } from '../../shared/field/prefixValues';
import { splitByNight } from '../../shared/field/splitByNight';
import type { NightInputs } from './NightInputs';

/** Why a folder's nights cannot be taken as asked (each entrance says it in its own words). */
export type NightsRefusal =
  /** A wrong `--night`, a prefix template that cannot be filled: the message says which. */
  | { readonly kind: 'usage'; readonly message: string }
  /** Several nights, one prefix: one night's recordings would be filed under the other's date. */
  | {
      readonly kind: 'one-date';
      readonly dir: string;
      readonly nights: readonly string[];
      readonly prefix: string;
    };

const NIGHT_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The nights to deposit (or verify), each with its files and prefix, or why not. A folder of
 * several nights is split night by night when the prefix gives each its own key space ({night},
 * {day}...) or when `night` picks one; otherwise it is refused: one prefix for two nights would
 * file one night's recordings under the other's date (issue 11, "one night, one date").
 * `deposit` and `verify` must agree on the prefix, or verify would look elsewhere.
 */
export const chooseNights = (
  dir: string,
  report: PreflightReport,
  include: readonly string[],
  v: {
    readonly prefix: string;
    readonly night?: string;
    /** A programme's field values: placeholders of its prefix (they win over what files suggest). */
    readonly fields?: Readonly<Record<string, string>>;
  },
): readonly NightInputs[] | NightsRefusal => {
  const nights = report.nights.map((n) => n.night);
  const usage = (message: string): NightsRefusal => ({ kind: 'usage', message });
  const night = (n: string | undefined, files: readonly string[]): NightInputs | NightsRefusal => {
    let prefix;
    try {
      prefix = expandPrefix(
        v.prefix,
        prefixValues(report, { ...v.fields, ...(n === undefined ? {} : { night: n }) }),
      );
    } catch (error) {
      if (error instanceof PrefixTemplateError) return usage(error.message);
      throw error;
    }
    return {
      ...(n === undefined ? {} : { night: n }),
      prefix,
      include: files,
      metadata: planMetadata(report, n === undefined ? {} : { night: n }),
    };
  };
  const collect = (
    entries: readonly (NightInputs | NightsRefusal)[],
  ): readonly NightInputs[] | NightsRefusal => {
    const refusal = entries.find((e): e is NightsRefusal => 'kind' in e);
    return refusal ?? entries.filter((e): e is NightInputs => !('kind' in e));
  };
  if (v.night !== undefined) {
    if (!NIGHT_DATE.test(v.night)) return usage('--night must be a date: YYYY-MM-DD');
    if (nights.length > 1) {
      const picked = splitByNight(report, include).find((n) => n.night === v.night);
      if (picked === undefined)
        return usage(
          `${dir} holds no recording of the night ${v.night} (its nights: ${nights.join(', ')})`,
        );
      return collect([night(picked.night, picked.relPaths)]);
    }
    if (nights.length === 1 && nights[0] !== v.night)
      return usage(`${dir} holds the night ${nights[0] ?? ''} only, not ${v.night}`);
    return collect([night(v.night, include)]);
  }
  if (nights.length <= 1) return collect([night(nights[0], include)]);
  const split = collect(splitByNight(report, include).map((n) => night(n.night, n.relPaths)));
  if (isRefusal(split)) return split;
  if (new Set(split.map((n) => n.prefix)).size < split.length)
    return { kind: 'one-date', dir, nights, prefix: v.prefix };
  return split;
};

/** The refusal, not the nights. */
export const isRefusal = (
  chosen: readonly NightInputs[] | NightsRefusal,
): chosen is NightsRefusal => 'kind' in chosen;

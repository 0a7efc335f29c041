import { objectKey } from '../field/objectKey';
import type {
  PreflightFile,
  PreflightProblem,
  PreflightReport,
  ProblemClass,
} from '../field/PreflightReport';
import type { ProblemFacts } from '../field/problemMessage';
import { decisionFor, problemMessage } from '../field/problemMessage';
import { prefixValues } from '../field/prefixValues';
import { withProblems } from '../field/withProblems';
import type { NameTemplate } from './NameTemplate';
import { fillNameTemplate, parseNameTemplate } from './NameTemplate';
import type { ProgrammeNames } from './ProgrammeProfile';
import { PORTAL_MAX_FILE_BYTES } from '../portal/portalLimits';
import { vigieChiroNameProblem } from '../portal/vigiechiro/vigieChiroNameProblem';
import { nameValues } from './nameValues';
import { wholeMatch } from './wholeMatch';

/** The files one night's plan takes (`splitByNight`, or one night picked). */
export type NightOfFiles = { readonly night?: string; readonly relPaths: readonly string[] };

export type NamedFiles = {
  /**
   * Each file's object name under its night's prefix, by path on the card: every file named
   * without a problem. A file with a problem has none (and its problem says why).
   */
  readonly names: ReadonlyMap<string, string>;
  /** The names that cannot be used, each blocking its file(s), named in fr and en. */
  readonly problems: readonly PreflightProblem[];
};

const problemOf = (relPath: string, cls: ProblemClass, facts: ProblemFacts): PreflightProblem => ({
  relPath,
  class: cls,
  message: problemMessage(cls, facts),
  decision: decisionFor[cls],
});

/** How one programme's night names a file: its template, its pattern, its portal's rules. */
type Naming = {
  readonly template: NameTemplate | undefined;
  readonly pattern: RegExp | undefined;
  readonly patternText: string;
  readonly portal: 'vigiechiro' | undefined;
};

/** One file's name, or the problem that refuses it (before the night's names are compared). */
const nameOne = (
  file: PreflightFile,
  relPath: string,
  nightValues: ReturnType<typeof prefixValues>,
  naming: Naming,
): { readonly name: string } | PreflightProblem => {
  const { template, pattern, portal } = naming;
  let name: string;
  if (template === undefined) name = objectKey('', relPath);
  else {
    const filled = fillNameTemplate(template, nameValues(file, nightValues));
    if (filled.kind === 'missing')
      return problemOf(relPath, 'name-missing-value', { placeholder: filled.placeholder });
    if (filled.kind === 'unsafe')
      return problemOf(relPath, 'name-unsafe', {
        placeholder: filled.placeholder,
        value: filled.value,
      });
    name = filled.name;
  }
  if (pattern !== undefined && !pattern.test(name))
    return problemOf(relPath, 'name-mismatch', { name, pattern: naming.patternText });
  if (portal !== undefined) {
    const portalRule = vigieChiroNameProblem(name);
    if (portalRule !== undefined)
      return problemOf(relPath, 'portal-name-refused', { name, portalRule });
    if (file.size > PORTAL_MAX_FILE_BYTES)
      return problemOf(relPath, 'portal-too-large', {
        bytes: file.size,
        limit: PORTAL_MAX_FILE_BYTES,
      });
  }
  return { name };
};

/** A night's names kept where one file takes each; every file of a name taken twice refused. */
const settleTaken = (
  taken: ReadonlyMap<string, readonly string[]>,
  named: Map<string, string>,
  problems: PreflightProblem[],
): void => {
  for (const [name, paths] of taken) {
    const [only] = paths;
    if (paths.length === 1 && only !== undefined) {
      named.set(only, name);
      continue;
    }
    for (const relPath of paths)
      problems.push(
        problemOf(relPath, 'name-taken', { name, others: paths.filter((p) => p !== relPath) }),
      );
  }
};

/**
 * Builds every file's programme name before any network contact (issue 29): the profile's object
 * template filled with the fields, the file's night and its own values (`nameValues`), else the
 * file's path on the card. A name that needs a value the file lacks, that the pattern refuses, or
 * that two files of one night would take, blocks the file(s) with the reason. The card's files
 * are never renamed: the names become the keys, and each night's manifest maps path to key.
 */
export const nameFiles = (
  report: PreflightReport,
  names: ProgrammeNames,
  fields: Readonly<Record<string, string>>,
  nights: readonly NightOfFiles[],
  /**
   * The programme's nights go to its portal (ADR 0032): its own rules judge each name too, and a
   * file larger than its one PUT takes is refused with the reason, before any byte.
   */
  portal?: 'vigiechiro',
): NamedFiles => {
  const parsed = names.object === undefined ? undefined : parseNameTemplate(names.object);
  // The profile was read with the same function: a template that loaded parses.
  if (parsed !== undefined && !parsed.ok) throw new Error(`name template: ${parsed.problem.kind}`);
  const naming: Naming = {
    template: parsed?.value,
    pattern: names.pattern === undefined ? undefined : wholeMatch(names.pattern),
    patternText: names.pattern ?? '',
    portal,
  };
  const byPath = new Map<string, PreflightFile>(report.files.map((f) => [f.relPath, f]));
  const named = new Map<string, string>();
  const problems: PreflightProblem[] = [];
  for (const { night, relPaths } of nights) {
    const nightValues = prefixValues(report, {
      ...fields,
      ...(night === undefined ? {} : { night }),
    });
    const taken = new Map<string, string[]>();
    for (const relPath of relPaths) {
      const file = byPath.get(relPath) ?? { relPath, size: 0, class: 'companion' as const };
      const one = nameOne(file, relPath, nightValues, naming);
      if (!('name' in one)) {
        problems.push(one);
        continue;
      }
      const same = taken.get(one.name);
      if (same === undefined) taken.set(one.name, [relPath]);
      else same.push(relPath);
    }
    settleTaken(taken, named, problems);
  }
  return { names: named, problems };
};

/**
 * The report as a programme's profile sees it before any name is made: with `otherFiles: skip`,
 * whatever is not a recording (a `CONFIG.TXT`) is said as left out, instead of "deposited as is".
 */
export const skipOtherFiles = (report: PreflightReport, names: ProgrammeNames): PreflightReport => {
  if (names.otherFiles !== 'skip') return report;
  const others = report.files.filter((f) => f.class === 'companion').map((f) => f.relPath);
  if (others.length === 0) return report;
  const left = new Set(others);
  return withProblems(
    {
      ...report,
      problems: report.problems.filter((p) => !(p.class === 'companion' && left.has(p.relPath))),
    },
    others.map((relPath) => problemOf(relPath, 'not-for-programme', {})),
  );
};

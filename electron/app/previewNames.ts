import { objectKey } from '../../shared/field/objectKey';
import type { ParsedInput } from '../../shared/ipc/contract';
import type { NamesPreview } from '../../shared/ipc/views';
import { fieldProblems, fieldValues } from '../../shared/programme/fieldProblems';
import type { CheckedFolder } from './CheckedFolder';
import type { DepotBackendDeps } from './DepotBackendDeps';
import { nightsToDeposit } from './nightsToDeposit';
import type { ActiveProgramme } from './ProgrammeFile';

const EXAMPLES = 4;

/**
 * The names the profile in use gives the folder's files as the fields are typed (issue 29): a few
 * of them with their whole key, one per night first, and the names that block, as the deposit
 * would make and refuse them. Nothing while a field is missing or does not match its pattern.
 */
export const previewNames = (
  input: ParsedInput<'plans.previewNames'>,
  programme: ActiveProgramme | undefined,
  checked: CheckedFolder,
  expandPrefix: DepotBackendDeps['expandPrefix'],
): NamesPreview => {
  if (programme === undefined) return { kind: 'no-programme' };
  const { profile } = programme;
  if (fieldProblems(profile.fields, input.fields).some((p) => p.kind !== 'unknown'))
    return { kind: 'fields-incomplete' };
  const fields = fieldValues(profile.fields, input.fields);
  const include = checked.depositable({ skipBlocking: false });
  const nights = nightsToDeposit(checked, include, input).map((n) => ({
    relPaths: n.relPaths,
    // A night not typed yet: the folder's own, as the prefix's placeholders take it.
    ...(n.night === '' ? {} : { night: n.night }),
  }));
  const named = checked.name(profile.names, fields, nights);
  const keyed = nights.map((n) => {
    let prefix: string | null;
    try {
      prefix = expandPrefix(
        profile.names.prefix,
        checked.values({ ...fields, ...(n.night === undefined ? {} : { night: n.night }) }),
      );
    } catch {
      prefix = null;
    }
    return n.relPaths.flatMap((relPath) => {
      const name = named.names.get(relPath);
      return name === undefined
        ? []
        : [{ relPath, key: prefix === null ? name : objectKey(prefix, name) }];
    });
  });
  const firsts = keyed.flatMap((k) => k.slice(0, 1));
  const rest = keyed.flatMap((k) => k.slice(1));
  return {
    kind: 'named',
    programme: profile.name,
    examples: [...firsts, ...rest].slice(0, EXAMPLES),
    named: keyed.reduce((n, k) => n + k.length, 0),
    total: nights.reduce((n, night) => n + night.relPaths.length, 0),
    issues: named.problems.map((p) => ({
      relPath: p.relPath,
      kind: p.class,
      message: p.message,
      decision: p.decision,
    })),
  };
};

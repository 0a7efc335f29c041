import { fieldProblems, fieldValues } from '../../shared/programme/fieldProblems';
import type { ProgrammeProfile } from '../../shared/programme/ProgrammeProfile';
import { IpcFailure } from '../ipc/IpcFailure';

/**
 * The field values of a deposit under a programme, checked against the profile's patterns (the
 * interface checks them live too): the first one missing or wrong refuses the deposit, named
 * with its label and pattern in the volunteer's language.
 */
export const programmeFields = (
  profile: ProgrammeProfile,
  given: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> => {
  // A value for a field the profile does not have (an older version's) is not the volunteer's
  // mistake: it is left out, not refused.
  const [problem] = fieldProblems(profile.fields, given).flatMap((p) =>
    p.kind === 'unknown' ? [] : [p],
  );
  if (problem !== undefined) {
    const { field } = problem;
    throw new IpcFailure('invalid-input', `field ${field.name} ${problem.kind}`, {
      kind: 'field-invalid',
      field: field.name,
      label: field.label,
      pattern: field.pattern,
    });
  }
  return fieldValues(profile.fields, given);
};

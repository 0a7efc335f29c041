import type { ProgrammeView } from '../../shared/ipc/views';
import { wholeMatch } from '../../shared/programme/wholeMatch';

/** A programme field's problem as typed: empty, or not matching its pattern (as the backend checks). */
export const fieldProblem = (
  value: string | undefined,
  pattern: string,
): 'missing' | 'invalid' | null => {
  const typed = (value ?? '').trim();
  if (typed === '') return 'missing';
  return wholeMatch(pattern).test(typed) ? null : 'invalid';
};

/** Every field of the programme (if any) is given and matches its pattern. */
export const fieldsReady = (
  programme: ProgrammeView | null,
  fields: Readonly<Record<string, string>>,
): boolean =>
  programme === null ||
  programme.fields.every((f) => fieldProblem(fields[f.name], f.pattern) === null);

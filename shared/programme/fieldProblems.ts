import type { ProgrammeField } from './ProgrammeProfile';
import { wholeMatch } from './wholeMatch';

/** Why the values a volunteer gave for a profile's fields cannot be used. */
export type FieldProblem =
  | { readonly kind: 'missing'; readonly field: ProgrammeField }
  | { readonly kind: 'mismatch'; readonly field: ProgrammeField; readonly value: string }
  | { readonly kind: 'unknown'; readonly name: string; readonly known: readonly string[] };

/**
 * Each field's value judged against its pattern (the whole value must match), in the profile's
 * order, then the names the profile does not have. Values are taken trimmed.
 */
export const fieldProblems = (
  fields: readonly ProgrammeField[],
  given: Readonly<Record<string, string>>,
): readonly FieldProblem[] => {
  const problems: FieldProblem[] = [];
  for (const field of fields) {
    const value = Object.prototype.hasOwnProperty.call(given, field.name)
      ? given[field.name]?.trim()
      : undefined;
    if (value === undefined || value === '') problems.push({ kind: 'missing', field });
    else if (!wholeMatch(field.pattern).test(value))
      problems.push({ kind: 'mismatch', field, value });
  }
  const known = fields.map((f) => f.name);
  for (const name of Object.keys(given))
    if (!known.includes(name)) problems.push({ kind: 'unknown', name, known });
  return problems;
};

/** The values as the names and the plan take them: trimmed, the profile's fields only. */
export const fieldValues = (
  fields: readonly ProgrammeField[],
  given: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> =>
  Object.fromEntries(
    fields.flatMap((f) => {
      const value = given[f.name]?.trim();
      return value === undefined || value === '' ? [] : [[f.name, value] as const];
    }),
  );

/** A field problem in one English line, for the command line: the field, its label, its pattern. */
export const fieldProblemText = (problem: FieldProblem): string => {
  switch (problem.kind) {
    case 'missing':
      return `the programme needs --field ${problem.field.name}=VALUE (${problem.field.label.en}, matching ${problem.field.pattern}${problem.field.example === undefined ? '' : `, e.g. ${problem.field.example}`})`;
    case 'mismatch':
      return `--field ${problem.field.name}="${problem.value}" does not match ${problem.field.pattern} (${problem.field.label.en}${problem.field.example === undefined ? '' : `, e.g. ${problem.field.example}`})`;
    case 'unknown':
      return `--field ${problem.name}: the programme has no such field (its fields: ${problem.known.join(', ') || 'none'})`;
  }
};

import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { fieldProblems, fieldProblemText, fieldValues } from '../../shared/programme/fieldProblems';
import {
  MAX_PROFILE_BYTES,
  parseProgrammeProfile,
} from '../../shared/programme/parseProgrammeProfile';
import type { ProgrammeProfile } from '../../shared/programme/ProgrammeProfile';
import type { ProgrammeRecord } from '../../shared/programme/ProgrammeRecord';
import { profileProblemText } from '../../shared/programme/profileProblemText';
import { errnoOf } from '../errnoOf';

/** The options of a command that can follow a programme's profile. */
export const programmeOptions = {
  programme: { type: 'string' },
  field: { type: 'string', multiple: true },
} as const;

/** A programme's profile as a command follows it, with the volunteer's field values. */
export type Programme = {
  readonly path: string;
  readonly profile: ProgrammeProfile;
  readonly fields: Readonly<Record<string, string>>;
  /** What each night made with it records (plan and manifest). */
  readonly record: ProgrammeRecord;
};

/**
 * `--programme FILE` and its `--field NAME=VALUE`s: the profile read and checked, every field
 * given and matching its pattern; undefined without `--programme`; or the exit code of the one
 * line already written (exit 2, before the folder is read or any server contacted).
 */
export const readProgramme = async (
  values: { readonly programme?: string; readonly field?: readonly string[] },
  usageError: (message: string) => number,
): Promise<Programme | undefined | number> => {
  const given = values.field ?? [];
  const path = values.programme;
  if (path === undefined) {
    return given.length > 0
      ? usageError('--field NAME=VALUE gives a programme’s field: it needs --programme FILE')
      : undefined;
  }
  const refused = (what: string): number => usageError(`programme profile ${path}: ${what}`);
  let bytes: Buffer;
  try {
    // A profile is a few kilobytes: a larger file is named as such, not read whole.
    if ((await stat(path)).size > MAX_PROFILE_BYTES)
      return refused(profileProblemText({ kind: 'too-large', maxBytes: MAX_PROFILE_BYTES }));
    bytes = await readFile(path);
  } catch (error) {
    return refused(`cannot be read (${errnoOf(error) ?? String(error)})`);
  }
  const parsed = parseProgrammeProfile(bytes.toString('utf8'));
  if (!parsed.ok) return refused(profileProblemText(parsed.problem));
  const { profile } = parsed;
  const entered: Record<string, string> = {};
  for (const pair of given) {
    const at = pair.indexOf('=');
    if (at <= 0) return usageError(`--field "${pair}" is not NAME=VALUE`);
    entered[pair.slice(0, at).trim()] = pair.slice(at + 1);
  }
  const [problem] = fieldProblems(profile.fields, entered);
  if (problem !== undefined) return usageError(fieldProblemText(problem));
  const fields = fieldValues(profile.fields, entered);
  return {
    path,
    profile,
    fields,
    record: {
      name: profile.name,
      version: profile.version,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      fields,
    },
  };
};

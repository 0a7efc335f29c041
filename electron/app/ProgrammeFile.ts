import { createHash } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import type { ProgrammeView } from '../../shared/ipc/views';
import { parseProgrammeProfile } from '../../shared/programme/parseProgrammeProfile';
import type { ProfileProblem } from '../../shared/programme/ProfileProblem';
import type { ProgrammeProfile } from '../../shared/programme/ProgrammeProfile';
import type { ProgrammeRecord } from '../../shared/programme/ProgrammeRecord';

/** The profile in use: the file's text as imported (its hash is the file's), read and checked. */
export type ActiveProgramme = {
  readonly text: string;
  readonly profile: ProgrammeProfile;
  /** What a night records of it, but the field values (each night's own). */
  readonly record: Omit<ProgrammeRecord, 'fields'>;
  /** The field values given last, to fill the fields with again. */
  readonly lastFields: Readonly<Record<string, string>>;
};

const stored = z.object({
  text: z.string(),
  lastFields: z.record(z.string(), z.string()).default({}),
});

/** A profile's text read and checked, or the problem that refuses it (nothing changes then). */
export const activeProgramme = (
  text: string,
  lastFields: Readonly<Record<string, string>> = {},
): ActiveProgramme | { readonly problem: ProfileProblem } => {
  const parsed = parseProgrammeProfile(text);
  if (!parsed.ok) return { problem: parsed.problem };
  const { profile } = parsed;
  const known = new Set(profile.fields.map((f) => f.name));
  return {
    text,
    profile,
    record: {
      name: profile.name,
      version: profile.version,
      sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
    },
    // A new version may drop a field: its old value goes with it.
    lastFields: Object.fromEntries(Object.entries(lastFields).filter(([k]) => known.has(k))),
  };
};

/** `programme.json` beside the settings: missing or damaged reads as no profile (logged by the caller). */
export const loadProgramme = async (path: string): Promise<ActiveProgramme | undefined> => {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
  const file = stored.safeParse(raw);
  if (!file.success) return undefined;
  const active = activeProgramme(file.data.text, file.data.lastFields);
  return 'problem' in active ? undefined : active;
};

export const saveProgramme = async (path: string, programme: ActiveProgramme): Promise<void> => {
  const tmp = `${path}.tmp`;
  await writeFile(
    tmp,
    JSON.stringify({ text: programme.text, lastFields: programme.lastFields }, null, 2) + '\n',
    { mode: 0o600 },
  );
  await rename(tmp, path);
};

export const removeProgramme = (path: string): Promise<void> => rm(path, { force: true });

/** What the interface shows of the profile in use. */
export const programmeView = (p: ActiveProgramme): ProgrammeView => {
  const { profile } = p;
  return {
    name: profile.name,
    version: profile.version,
    sha256: p.record.sha256,
    destination: { ...profile.destination },
    prefixTemplate: profile.names.prefix,
    nameTemplate: profile.names.object ?? null,
    namePattern: profile.names.pattern ?? null,
    otherFiles: profile.names.otherFiles,
    fields: profile.fields.map((f) => ({
      name: f.name,
      label: f.label,
      pattern: f.pattern,
      example: f.example ?? null,
    })),
    timeZone: profile.defaults.timeZone ?? null,
    lastFields: p.lastFields,
  };
};

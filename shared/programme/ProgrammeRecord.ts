import { z } from 'zod';

/**
 * What a night keeps of the profile it was created with (issue 29): the programme's name, the
 * SHA-256 of the profile file as imported, its version, and the field values the volunteer gave.
 * In the plan (a night owns its target, names included) and in its manifest.
 */
export type ProgrammeRecord = {
  readonly name: string;
  readonly version: number;
  readonly sha256: string;
  readonly fields: Readonly<Record<string, string>>;
};

export const programmeRecordSchema = z.strictObject({
  name: z.string().min(1),
  version: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  fields: z.record(z.string(), z.string()),
});

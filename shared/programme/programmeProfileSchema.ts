import { z } from 'zod';
import { MIN_BWLIMIT_BYTES_PER_SEC } from '../domain/minimumBandwidth';

/**
 * The zod shape of a version-1 profile. Objects are strict: a key the format does not have is a
 * typo to name ("patern"), not something to ignore. A broken rule's message is `rule:<name>`, so
 * the parser says it as a `bad-value` problem with that rule, in the volunteer's language.
 * The format, the version and the destination's kind are judged before this schema, each with a
 * problem of its own (`parseProgrammeProfile`).
 */
const text = z.string().trim().min(1, { error: 'rule:text' }).max(200, { error: 'rule:text' });

/** What Settings accepts for a bucket (DNS-compatible S3 bucket names). */
export const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** A field's name is a placeholder: lower-case letters, digits and `_`, a letter first. */
export const FIELD_NAME = /^[a-z][a-z0-9_]{0,31}$/;

export const s3DestinationSchema = z.strictObject({
  kind: z.literal('s3'),
  endpoint: z.url({ protocol: /^https?$/, error: 'rule:url' }).max(2048, { error: 'rule:url' }),
  region: text,
  pathStyle: z.boolean(),
  bucket: z.string().regex(BUCKET_NAME, { error: 'rule:bucket' }),
});

const address = z.url({ protocol: /^https?$/, error: 'rule:url' }).max(2048, { error: 'rule:url' });

export const vigieChiroDestinationSchema = z.strictObject({
  kind: z.literal('vigiechiro'),
  api: address,
  signIn: address,
});

export const programmeFieldSchema = z.strictObject({
  name: z.string().regex(FIELD_NAME, { error: 'rule:field-name' }),
  label: z.strictObject({ fr: text, en: text }),
  pattern: z.string().min(1, { error: 'rule:text' }).max(1000, { error: 'rule:text' }),
  example: text.optional(),
});

export const programmeProfileSchema = z.strictObject({
  format: z.literal('depot-programme'),
  version: z.literal(1),
  name: text,
  destination: z.discriminatedUnion('kind', [s3DestinationSchema, vigieChiroDestinationSchema]),
  names: z.strictObject({
    prefix: z.string().max(512),
    object: z.string().optional(),
    pattern: z.string().min(1, { error: 'rule:text' }).max(1000).optional(),
    otherFiles: z.enum(['deposit', 'skip']).default('deposit'),
  }),
  fields: z.array(programmeFieldSchema).max(20),
  defaults: z
    .strictObject({
      timeZone: z.string().optional(),
      concurrency: z
        .number()
        .int({ error: 'rule:concurrency' })
        .min(1, { error: 'rule:concurrency' })
        .max(16, { error: 'rule:concurrency' })
        .optional(),
      bandwidthLimitBytesPerSec: z
        .number()
        .int({ error: 'rule:bandwidth' })
        .min(MIN_BWLIMIT_BYTES_PER_SEC, { error: 'rule:bandwidth' })
        .nullable()
        .optional(),
    })
    .default({}),
});

import { z } from 'zod';
import type { FailureCause } from './FailureCause';

const status = z.number().int();

/**
 * A persisted `FailureCause` as it must look when read back: a cause of a kind or shape no Depot
 * wrote is damage, never guessed at. `satisfies` keeps each shape in step with the type; the
 * store's tests round-trip every kind, so a kind missing here fails them.
 */
export const failureCauseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('auth'), status, code: z.string() }),
  z.object({ kind: z.literal('refused'), status, code: z.string() }),
  z.object({
    kind: z.literal('denied'),
    action: z.enum(['list', 'write', 'read', 'abort']),
    bucket: z.string(),
    folder: z.string(),
  }),
  z.object({ kind: z.literal('bucket-missing'), bucket: z.string() }),
  z.object({
    kind: z.literal('certificate'),
    problem: z.enum(['untrusted', 'expired', 'not-yet-valid', 'name-mismatch']),
    code: z.string(),
  }),
  z.object({ kind: z.literal('clock'), skewMs: z.number().int().nullable() }),
  z.object({
    kind: z.literal('conflict'),
    localSize: z.number().int().nonnegative(),
    remoteSize: z.number().int().nonnegative(),
  }),
  z.object({ kind: z.literal('source-changed'), detail: z.string() }),
  z.object({ kind: z.literal('source-missing') }),
  z.object({ kind: z.literal('source-unreadable'), detail: z.string() }),
  z.object({ kind: z.literal('verification-failed'), detail: z.string() }),
  z.object({ kind: z.literal('unproven'), remoteEtag: z.string() }),
  z.object({ kind: z.literal('upload-vanished'), restarts: z.number().int().nonnegative() }),
  z.object({
    kind: z.literal('target-unavailable'),
    bucket: z.string(),
    credentialId: z.string(),
  }),
  z.object({ kind: z.literal('endless-listing') }),
  z.object({
    kind: z.literal('portal-refused'),
    status,
    code: z.string(),
    detail: z.string().nullable(),
  }),
  z.object({ kind: z.literal('portal-signed-out') }),
  z.object({ kind: z.literal('participation-ambiguous'), count: z.number().int().positive() }),
]) satisfies z.ZodType<FailureCause>;

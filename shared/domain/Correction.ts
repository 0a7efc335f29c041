import { z } from 'zod';

/**
 * A night's destination corrected (issue 31): where it was going, when it moved, and why (the
 * settings corrected while it had sent nothing, or the volunteer's "Corriger la destination").
 * What it had written there is taken back by its removals.
 */
export type Correction = {
  readonly from: { readonly endpoint: string; readonly bucket: string; readonly prefix: string };
  /** Epoch ms, this computer's wall clock. */
  readonly at: number;
  readonly by: 'settings' | 'volunteer';
};

export const correctionSchema: z.ZodType<Correction> = z.object({
  from: z.object({ endpoint: z.string(), bucket: z.string(), prefix: z.string() }),
  at: z.number(),
  by: z.enum(['settings', 'volunteer']),
});

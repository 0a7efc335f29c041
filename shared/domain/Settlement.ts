import { z } from 'zod';

/**
 * What the volunteer chose for a file whose key held another object (issue 31), written in the
 * plan: never an overwrite. `kept-server-object`: the server's object stays, the file is left out
 * (named in the manifest as not deposited). `free-name`: the file goes under a free name of the
 * night's suffix rule, `originalKey` the one it could not take.
 */
export type Settlement =
  | {
      readonly kind: 'kept-server-object';
      /** Epoch ms of the choice, this computer's wall clock. */
      readonly at: number;
      readonly remote: { readonly size: number; readonly etag: string };
    }
  | { readonly kind: 'free-name'; readonly at: number; readonly originalKey: string };

export const settlementSchema: z.ZodType<Settlement> = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('kept-server-object'),
    at: z.number(),
    remote: z.object({ size: z.number().int().min(0), etag: z.string() }),
  }),
  z.object({ kind: z.literal('free-name'), at: z.number(), originalKey: z.string().min(1) }),
]);

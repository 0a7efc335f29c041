import { z } from 'zod';

const manifestSchema = z.object({
  format: z.string().startsWith('depot-manifest/'),
  completedAt: z.string().optional(),
  layout: z
    .object({ partSize: z.number().int().positive(), threshold: z.number().int().positive() })
    .optional(),
  files: z.array(
    z.object({
      key: z.string(),
      size: z.number().int().nonnegative(),
      sha256: z.string().nullable(),
    }),
  ),
});

export type ManifestEntry = {
  readonly key: string;
  readonly size: number;
  readonly sha256: string | null;
};

/** A manifest's text as `depot verify` needs it, or why it cannot be used as one. */
export const parseManifest = (
  text: string,
):
  | {
      readonly kind: 'manifest';
      readonly files: readonly ManifestEntry[];
      readonly completedAt?: string;
      readonly partSize?: number;
      readonly threshold?: number;
    }
  | { readonly kind: 'invalid'; readonly problem: string } => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      kind: 'invalid',
      problem: `not JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first === undefined ? '' : ` at ${first.path.join('.') || '(root)'}`;
    return {
      kind: 'invalid',
      problem: `not a Depot manifest${where}: ${first?.message ?? 'invalid'}`,
    };
  }
  const { files, completedAt, layout } = parsed.data;
  return {
    kind: 'manifest',
    files,
    ...(completedAt === undefined ? {} : { completedAt }),
    ...(layout === undefined ? {} : { partSize: layout.partSize, threshold: layout.threshold }),
  };
};

import { z } from 'zod';

const manifestSchema = z.object({
  format: z.string().startsWith('depot-manifest/'),
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
  | { readonly kind: 'manifest'; readonly files: readonly ManifestEntry[] }
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
  return { kind: 'manifest', files: parsed.data.files };
};

import type { parseManifest } from './parseManifest';

export type FoundManifest = {
  readonly key: string;
  readonly parsed: ReturnType<typeof parseManifest> | { kind: 'invalid'; problem: string };
};

/**
 * The night's own manifest among those under the prefix: the one listing exactly this folder's
 * keys (the newest when several do), else the one sharing the most keys, else the first found.
 */
export const chooseManifest = (
  found: readonly FoundManifest[],
  localKeys: ReadonlySet<string>,
): FoundManifest | undefined => {
  let best: { manifest: FoundManifest; score: number; at: string } | undefined;
  for (const manifest of found) {
    const parsed = manifest.parsed;
    const keys = parsed.kind === 'manifest' ? parsed.files.map((f) => f.key) : [];
    const shared = keys.filter((k) => localKeys.has(k)).length;
    const exact = shared === localKeys.size && keys.length === localKeys.size;
    const score = exact ? Number.MAX_SAFE_INTEGER : shared;
    const at = parsed.kind === 'manifest' ? (parsed.completedAt ?? '') : '';
    if (best === undefined || score > best.score || (score === best.score && at > best.at)) {
      best = { manifest, score, at };
    }
  }
  return best?.manifest;
};

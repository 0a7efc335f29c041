import { objectKey } from '../../shared/field/objectKey';
import { DEPOT_FOLDER } from '../../shared/wire/nightManifestKey';
import type { VerifyReport } from '../nights/VerifyReport';

/** A night's verification as `depot verify` prints it: one JSON line, or its lines of text. */
export const formatVerifyReport = (
  r: VerifyReport,
  options: { readonly json: boolean; readonly readBack: boolean },
): string => {
  if (options.json) return JSON.stringify(r) + '\n';
  const { manifest } = r;
  const manifestKey = manifest.key ?? objectKey(r.prefix, `${DEPOT_FOLDER}/night-*.json`);
  const lines = [
    `Verified s3://${r.bucket}/${r.prefix}: ${r.verified}/${r.files} files identical (proved by the server's checksums${options.readBack ? ' or read back' : ''})`,
    `  missing: ${r.missing.length}, differing: ${r.differing.length}, present but content unproven: ${r.unproven.length}, unexpected on the server: ${r.unexpected.length}`,
    `  manifest ${manifestKey}: ${manifest.present ? `present (${manifest.size ?? 0} bytes)` : 'absent'}` +
      (manifest.invalid === undefined
        ? manifest.present
          ? `, ${manifest.disagreements.length} disagreement(s)`
          : ''
        : `, INVALID: ${manifest.invalid}`),
    ...r.missing.map((p) => `  MISSING ${p}`),
    ...r.differing.map((d) => `  DIFFERS ${d.path}: ${d.reason}`),
    ...r.unproven.map(
      (p) => `  UNPROVEN ${p}: uploaded with another part layout; --read-back compares it`,
    ),
    ...r.unexpected.map((k) => `  UNEXPECTED ${k}`),
    ...manifest.disagreements.map((d) => `  MANIFEST ${d.key}: ${d.reason}`),
  ];
  return lines.join('\n') + '\n';
};

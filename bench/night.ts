import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { synthNight } from '../electron/field/synthNight';
import type { ManifestEntry } from './s3/ManifestEntry';

export type Night = {
  readonly dir: string;
  readonly files: number;
  readonly bytes: number;
  readonly largestBytes: number;
  readonly manifestFile: string;
  readonly hashSeconds: number;
};

const sha256File = (path: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

/** Writes a synthetic night (issue 5: realistic sizes) and its manifest of local SHA-256. */
export const makeNight = async (
  dir: string,
  opts: {
    files: number;
    totalBytes: number;
    seed: number;
    sizes?: 'realistic' | 'small' | 'large';
    /** Large files (20-60 MB) from a second recorder, so even a small night has multipart files. */
    largeFiles?: number;
    largeBytes?: number;
  },
): Promise<Night> => {
  await synthNight(dir, {
    files: opts.files,
    totalBytes: opts.totalBytes,
    seed: opts.seed,
    sizes: opts.sizes ?? 'realistic',
  });
  if ((opts.largeFiles ?? 0) > 0) {
    await synthNight(dir, {
      files: opts.largeFiles ?? 0,
      ...(opts.largeBytes === undefined ? {} : { totalBytes: opts.largeBytes }),
      seed: opts.seed + 1,
      sizes: 'large',
      site: 'SITE02',
    });
  }
  const started = performance.now();
  const manifest: ManifestEntry[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    manifest.push({
      relativePath: name,
      size: statSync(path).size,
      sha256: await sha256File(path),
    });
  }
  const manifestFile = `${dir}.manifest.json`;
  writeFileSync(manifestFile, JSON.stringify(manifest));
  return {
    dir,
    files: manifest.length,
    bytes: manifest.reduce((sum, e) => sum + e.size, 0),
    largestBytes: Math.max(0, ...manifest.map((e) => e.size)),
    manifestFile,
    hashSeconds: (performance.now() - started) / 1000,
  };
};

import { createHash } from 'node:crypto';
import type { SourceReader } from '../../shared/ports/SourceReader';
import { SourceChangedError } from './hashFile';
import type { TokenBucket } from './TokenBucket';

const CHUNK = 256 * 1024;

/**
 * Reads one part's bytes from the source (opened read-only), paced by the bandwidth cap, and
 * checks them against the MD5 computed while planning: a file that changed since is refused
 * here, so a mix of old and new bytes is never uploaded. Memory: one part per file in flight.
 */
export const readPart = async (
  source: SourceReader,
  path: string,
  offset: number,
  size: number,
  expectedMd5Hex: string,
  bucket: TokenBucket | undefined,
  signal?: AbortSignal,
): Promise<Buffer> => {
  const buffer = Buffer.alloc(size);
  const file = await source.open(path);
  try {
    let filled = 0;
    while (filled < size) {
      signal?.throwIfAborted();
      const want = Math.min(CHUNK, size - filled);
      await bucket?.take(want, signal);
      const bytesRead = await file.read(buffer, filled, want, offset + filled);
      if (bytesRead === 0) {
        throw new SourceChangedError(`${path} is shorter than when it was planned`);
      }
      filled += bytesRead;
    }
  } finally {
    await file.close();
  }
  if (createHash('md5').update(buffer).digest('hex') !== expectedMd5Hex) {
    throw new SourceChangedError(
      `${path}: bytes ${offset}-${offset + size - 1} changed since planning`,
    );
  }
  return buffer;
};

import type { SourceReader } from '../../../shared/ports/SourceReader';
import { SourceChangedError } from '../../../shared/ports/SourceChangedError';

const CHUNK = 256 * 1024;

/**
 * Reads one part's bytes from the source (opened read-only) into `buffer`, as many as it holds
 * (the bandwidth cap paces them later, on the wire). Whether they are still the bytes planned is the server's check:
 * each request carries the MD5 planned for them as its Content-MD5, so a file that changed since
 * is refused (BadDigest, a changed source) and a mix of old and new bytes is never stored. Taking
 * that MD5 again here was 1.1 s of a 9.3 s CPU profile of 8 x 60 MB (issue 15, ADR 0013).
 * Memory: one part per file in flight.
 */
export const readPart = async (
  source: SourceReader,
  path: string,
  offset: number,
  buffer: Buffer,
  signal?: AbortSignal,
): Promise<void> => {
  // Every byte is read into it before it is used (a short file throws).
  const size = buffer.length;
  const file = await source.open(path);
  try {
    let filled = 0;
    while (filled < size) {
      signal?.throwIfAborted();
      const want = Math.min(CHUNK, size - filled);
      const bytesRead = await file.read(buffer, filled, want, offset + filled);
      if (bytesRead === 0) {
        throw new SourceChangedError(`${path} is shorter than when it was planned`);
      }
      filled += bytesRead;
    }
  } finally {
    await file.close();
  }
};

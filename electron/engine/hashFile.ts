import { createHash } from 'node:crypto';
import type { SourceReader, SourceStat } from '../../shared/ports/SourceReader';
import type { NewPart } from '../store/PlanStore';
import { fileMd5s } from './md5/fileMd5s';

/** Files up to this size are read in one buffer; larger ones streamed in reads of this size. */
const SMALL = 1024 * 1024;

export class SourceChangedError extends Error {
  override readonly name = 'SourceChangedError';
}

/**
 * One pass over a file: the SHA-256 and MD5 of the whole, the MD5 of every part (the
 * Content-MD5 of each request, and what a listed part's ETag must equal) and the modification
 * time of the file read, to the nanosecond (rclone compares it exactly). Holds at most 1 MiB of
 * it: a larger file is streamed.
 * A single-request file is one part covering everything. With `keepUpTo`, a file of one part and
 * at most that many bytes also comes back as `body`, its bytes as hashed: a small file is then
 * read once, not once to hash and again to send (issue 15). `seen` is the open file's size and
 * time, for the caller to compare with the plan's without a second `stat` (issue 15).
 */
export const hashFile = async (
  source: SourceReader,
  path: string,
  size: number,
  partSize: number,
  signal?: AbortSignal,
  keepUpTo = 0,
): Promise<{
  sha256: string;
  md5: string;
  mtimeNs: string;
  parts: NewPart[];
  seen: SourceStat;
  body?: Buffer;
}> => {
  let mtimeNs = 0n;
  let seen: SourceStat = { size: 0, mtimeMs: 0 };
  const whole = createHash('sha256');
  // The whole file's MD5 proves an object another tool put in one request (its ETag), issue 11.
  // A file of one part: that is its part's MD5, no second MD5 over the same bytes.
  const md5s = fileMd5s(size, partSize);
  const parts: NewPart[] = [];
  let partStart = 0;
  let position = 0;
  const closePart = (): void => {
    parts.push({
      partNumber: parts.length + 1,
      offset: partStart,
      size: position - partStart,
      md5: md5s.digestPart(),
    });
    partStart = position;
  };
  const take = (chunk: Buffer): void => {
    let offset = 0;
    while (offset < chunk.length) {
      const room = partStart + partSize - position;
      const length = Math.min(room, chunk.length - offset);
      const slice = chunk.subarray(offset, offset + length);
      whole.update(slice);
      md5s.update(slice);
      position += length;
      offset += length;
      if (position - partStart === partSize) closePart();
    }
  };
  const file = await source.open(path);
  let body: Buffer | undefined;
  try {
    const info = await file.stat();
    mtimeNs = info.mtimeNs;
    seen = { size: info.size, mtimeMs: info.mtimeMs };
    // Read straight into one buffer, a byte more than planned so that a file grown since is
    // seen: a read stream's machinery cost more CPU than the read itself for 40 KB files
    // (issue 15; ADR 0013). Also the reads of a file's own size ADR 0010 asks for. A larger
    // file goes through one reused 1 MiB buffer: never the whole file in memory.
    const small = size <= SMALL;
    const buffer = Buffer.allocUnsafe(small ? size + 1 : SMALL);
    let filled = 0;
    for (;;) {
      signal?.throwIfAborted();
      const bytesRead = await file.read(buffer, filled, buffer.length - filled, position + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
      // Short of the buffer and at the open file's end (its fstat above): that is the end, no
      // further read to be told 0 (one of five file system calls per small file, issue 15).
      if (small && filled < buffer.length && filled === info.size) break;
      if (filled < buffer.length) continue;
      if (small) break;
      take(buffer);
      filled = 0;
    }
    const bytes = buffer.subarray(0, filled);
    take(bytes);
    if (small && size <= keepUpTo && size <= partSize) body = bytes;
  } finally {
    await file.close();
  }
  if (position !== size) {
    throw new SourceChangedError(`${path}: read ${position} bytes, expected ${size}`);
  }
  if (position > partStart || parts.length === 0) closePart();
  return {
    sha256: whole.digest('hex'),
    md5: md5s.digestWhole() ?? parts[0]?.md5 ?? '',
    mtimeNs: mtimeNs.toString(),
    parts,
    seen,
    ...(body === undefined ? {} : { body }),
  };
};

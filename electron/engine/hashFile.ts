import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { NewPart } from '../store/PlanStore';

export class SourceChangedError extends Error {
  override readonly name = 'SourceChangedError';
}

/**
 * One streaming pass over a file: the SHA-256 and MD5 of the whole, the MD5 of every part (the
 * Content-MD5 of each request, and what a listed part's ETag must equal) and the modification
 * time of the file read, to the nanosecond (rclone compares it exactly). Never holds the file.
 * A single-request file is one part covering everything. With `keepUpTo`, a file of one part and
 * at most that many bytes also comes back as `body`, its bytes as hashed: a small file is then
 * read once, not once to hash and again to send (issue 15).
 */
export const hashFile = async (
  path: string,
  size: number,
  partSize: number,
  signal?: AbortSignal,
  keepUpTo = 0,
): Promise<{ sha256: string; md5: string; mtimeNs: string; parts: NewPart[]; body?: Buffer }> => {
  const chunks: Buffer[] | undefined = size <= keepUpTo && size <= partSize ? [] : undefined;
  const whole = createHash('sha256');
  // The whole file's MD5 proves an object another tool put in one request (its ETag), issue 11.
  // A file of one part: that is its part's MD5, no second MD5 over the same bytes.
  const wholeMd5 = size > partSize ? createHash('md5') : undefined;
  const parts: NewPart[] = [];
  let partHash = createHash('md5');
  let partStart = 0;
  let position = 0;
  const closePart = (): void => {
    parts.push({
      partNumber: parts.length + 1,
      offset: partStart,
      size: position - partStart,
      md5: partHash.digest('hex'),
    });
    partHash = createHash('md5');
    partStart = position;
  };
  // Reads of the file's own size up to 1 MiB: a 1 MiB buffer per 4 KB file is 250 times the
  // garbage, and with the CLI's tight heap a full collection every few files (ADR 0010).
  const handle = await open(path, 'r');
  const { mtimeNs } = await handle.stat({ bigint: true }).catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  const stream = handle.createReadStream({
    highWaterMark: Math.max(1, Math.min(size, 1024 * 1024)),
    signal,
  });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    chunks?.push(chunk);
    let offset = 0;
    while (offset < chunk.length) {
      const room = partStart + partSize - position;
      const take = Math.min(room, chunk.length - offset);
      const slice = chunk.subarray(offset, offset + take);
      whole.update(slice);
      wholeMd5?.update(slice);
      partHash.update(slice);
      position += take;
      offset += take;
      if (position - partStart === partSize) closePart();
    }
  }
  if (position !== size) {
    throw new SourceChangedError(`${path}: read ${position} bytes, expected ${size}`);
  }
  if (position > partStart || parts.length === 0) closePart();
  return {
    sha256: whole.digest('hex'),
    md5: wholeMd5?.digest('hex') ?? parts[0]?.md5 ?? '',
    mtimeNs: mtimeNs.toString(),
    parts,
    ...(chunks === undefined
      ? {}
      : { body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) }),
  };
};

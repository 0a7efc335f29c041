import type { SourceFile, SourceReader } from '../../shared/ports/SourceReader';
import { SourceChangedError } from '../../shared/ports/SourceChangedError';
import type { HashedFile, HashRequest } from '../engine/FileHashing';
import { HEAD_BYTES } from '../field/openHeaderReader';
import type { ChunkDigest } from './ChunkDigest';
import { digestInThread } from './digestInThread';
import type { FileDigests } from './FileDigest';
import { FileDigest } from './FileDigest';
import type { FileHasher } from './FileHasher';
import { HashWorkerLost } from './HashWorker';
import { sharedHashWorker } from './sharedHashWorker';

/** Files up to this size are read in one buffer; larger ones streamed in reads of this size. */
const SMALL = 1024 * 1024;

/**
 * One pass over a file: the SHA-256 and MD5 of the whole, the MD5 of every part (the
 * Content-MD5 of each request, and what a listed part's ETag must equal) and the modification
 * time of the file read, to the nanosecond (rclone compares it exactly). Holds at most 1 MiB of
 * it: a larger file is streamed.
 * A single-request file is one part covering everything. With `keepUpTo`, a file of one part and
 * at most that many bytes also comes back as `body`, its bytes as hashed: a small file is then
 * read once, not once to hash and again to send (issue 15). `seen` is the open file's size and
 * time, for the caller to compare with the plan's without a second `stat` (issue 15).
 * A larger file is hashed in the hash worker where there is one (`worker`; ADR 0025): the main
 * thread only reads it, and sends other files meanwhile.
 */
export const hashFile = async (
  source: SourceReader,
  request: HashRequest,
  signal?: AbortSignal,
  worker: FileHasher | undefined = sharedHashWorker,
): Promise<HashedFile> => {
  try {
    return await hashOnce(source, request, signal, worker);
  } catch (error) {
    // The worker stopped under this file: hashed again, here.
    if (!(error instanceof HashWorkerLost)) throw error;
    return hashOnce(source, request, signal, undefined);
  }
};

const hashOnce = async (
  source: SourceReader,
  { path, size, partSize, keepUpTo = 0 }: HashRequest,
  signal: AbortSignal | undefined,
  worker: FileHasher | undefined,
): Promise<HashedFile> => {
  // The pre-flight read a file this small whole (its header read): in memory still.
  const file = await source.open(path, { cached: size <= HEAD_BYTES });
  let digests: FileDigests;
  let body: Buffer | undefined;
  let info: Awaited<ReturnType<typeof file.stat>>;
  try {
    info = await file.stat();
    if (size <= SMALL) {
      const bytes = await readSmall(file, size, info.size, signal);
      const digest = new FileDigest(size, partSize);
      digest.update(bytes);
      digests = digest.finish();
      if (size <= keepUpTo && size <= partSize && bytes.length === size) body = bytes;
    } else {
      const digest = worker?.digest(size, partSize, SMALL) ?? digestInThread(size, partSize);
      digests = await readStreamed(file, digest, signal);
    }
  } finally {
    await file.close();
  }
  if (digests.length !== size) {
    throw new SourceChangedError(`${path}: read ${digests.length} bytes, expected ${size}`);
  }
  return {
    sha256: digests.sha256,
    md5: digests.md5,
    mtimeNs: info.mtimeNs.toString(),
    parts: digests.parts,
    seen: { size: info.size, mtimeMs: info.mtimeMs },
    ...(body === undefined ? {} : { body }),
  };
};

/**
 * A small file read straight into one buffer, a byte more than planned so that a file grown since
 * is seen: a read stream's machinery cost more CPU than the read itself for 40 KB files (issue
 * 15; ADR 0013). Also the reads of a file's own size ADR 0010 asks for.
 */
const readSmall = async (
  file: SourceFile,
  size: number,
  openSize: number,
  signal: AbortSignal | undefined,
): Promise<Buffer> => {
  const buffer = Buffer.allocUnsafe(size + 1);
  let filled = 0;
  for (;;) {
    signal?.throwIfAborted();
    const bytesRead = await file.read(buffer, filled, buffer.length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
    // Short of the buffer and at the open file's end (its fstat): that is the end, no further
    // read to be told 0 (one of five file system calls per small file, issue 15).
    if (filled === buffer.length || filled === openSize) break;
  }
  return buffer.subarray(0, filled);
};

/**
 * A larger file through 1 MiB buffers, never the whole of it in memory: each full one handed to
 * the digest, which gives back the next to read into (ADR 0025).
 */
const readStreamed = async (
  file: SourceFile,
  digest: ChunkDigest,
  signal: AbortSignal | undefined,
): Promise<FileDigests> => {
  let done = false;
  try {
    // Owns its memory, which the worker takes over chunk by chunk.
    let buffer: Buffer = Buffer.allocUnsafeSlow(SMALL);
    let position = 0;
    let filled = 0;
    for (;;) {
      signal?.throwIfAborted();
      const bytesRead = await file.read(buffer, filled, buffer.length - filled, position + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled < buffer.length) continue;
      buffer = await digest.take(buffer);
      position += filled;
      filled = 0;
    }
    if (filled > 0) await digest.take(buffer.subarray(0, filled));
    const digests = await digest.finish();
    done = true;
    return digests;
  } finally {
    if (!done) digest.cancel();
  }
};

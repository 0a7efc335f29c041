import type { ChunkDigest } from './ChunkDigest';
import { FileDigest } from './FileDigest';

/** A file's digest on this thread: each chunk hashed as it is taken, its buffer given back. */
export const digestInThread = (size: number, partSize: number): ChunkDigest => {
  const digest = new FileDigest(size, partSize);
  return {
    take: (chunk) => {
      digest.update(chunk);
      return Promise.resolve(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    },
    finish: () => Promise.resolve(digest.finish()),
    cancel: () => undefined,
  };
};

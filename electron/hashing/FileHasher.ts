import type { ChunkDigest } from './ChunkDigest';

/** Where files larger than one read are hashed: the hash worker, or (undefined) this thread. */
export type FileHasher = {
  /** A digest for a file of `size` bytes in parts of `partSize`, or undefined: hash it here. */
  digest(size: number, partSize: number, chunkSize: number): ChunkDigest | undefined;
};

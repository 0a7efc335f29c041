import type { FileDigests } from './FileDigest';

/**
 * Where a streamed file's bytes are hashed, chunk after chunk, on this thread or in the hash
 * worker: the reading loop is the same either way.
 */
export interface ChunkDigest {
  /**
   * Hashes `chunk`, which the digest may take over (moved to the worker, its memory is gone from
   * here); resolves with a buffer to read the next chunk into.
   */
  take(chunk: Buffer): Promise<Buffer>;
  /** The file's digests once every chunk is taken. */
  finish(): Promise<FileDigests>;
  /** Nothing more is taken (a stop, a read error): the digest's work and memory are let go. */
  cancel(): void;
}

import type { SourceReader, SourceStat } from '../../shared/ports/SourceReader';

/** A file's hashes and what was seen of it as it was read (see `FileHashing`). */
export type HashedFile = {
  readonly sha256: string;
  readonly md5: string;
  /** Nanoseconds since the epoch, decimal (rclone compares it exactly). */
  readonly mtimeNs: string;
  readonly parts: readonly {
    readonly partNumber: number;
    readonly offset: number;
    readonly size: number;
    readonly md5: string;
  }[];
  /** The open file's size and time, for the caller to compare with the plan's. */
  readonly seen: SourceStat;
  /** The file's bytes as hashed, when it is one part of at most `keepUpTo` bytes. */
  readonly body?: Buffer;
};

/** A file to hash: where it is, its size as planned, and the size of its parts. */
export type HashRequest = {
  readonly path: string;
  readonly size: number;
  readonly partSize: number;
  /** A file of one part and at most this many bytes also comes back as `body` (default 0: none). */
  readonly keepUpTo?: number;
};

/**
 * The engine's one way to hash a file (ADR 0039): the SHA-256 and MD5 of the whole and the MD5 of
 * every part of `partSize`, in one pass; where and how (a worker thread, this thread) is the
 * hashing module's business (`electron/hashing/`), wired by `createEngineStack`.
 * Throws `SourceChangedError` when the bytes read are not the size planned.
 */
export type FileHashing = {
  hash(
    source: SourceReader,
    file: HashRequest,
    signal: AbortSignal | undefined,
  ): Promise<HashedFile>;
};

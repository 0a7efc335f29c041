import type { Settlement } from '../../shared/domain/Settlement';
import type { UnitState } from '../../shared/domain/UnitState';

/** One source file of a plan, as persisted. */
export type UnitRecord = {
  readonly id: number;
  readonly planId: number;
  readonly seq: number;
  readonly relPath: string;
  readonly absPath: string;
  readonly key: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly multipart: boolean;
  /** Hex SHA-256 of the whole file; null until hashed. */
  readonly sha256: string | null;
  /** Hex MD5 of the whole file; null until hashed (or hashed before issue 11). */
  readonly md5: string | null;
  /** The file's mtime in nanoseconds (decimal), from the same hashing pass; null until hashed. */
  readonly mtimeNs: string | null;
  readonly state: UnitState;
  readonly uploadId: string | null;
  /** A CreateMultipartUpload was emitted at least once: reconcile before creating again. */
  readonly createStarted: boolean;
  readonly bytesAcked: number;
  /** The volunteer's choice on a conflict at its key (issue 31); null when none was needed. */
  readonly settlement: Settlement | null;
  /** A portal night's file once declared (its `_id` there); null before, and for S3 nights. */
  readonly portalFileId: string | null;
};

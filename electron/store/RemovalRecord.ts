import type { StorageTarget } from '../../shared/domain/StorageTarget';

/**
 * One thing a night wrote and must take back from the server (issue 31): an object (with the ETag
 * its plan recorded: the server's object is deleted only when it still has it), its manifest
 * (proved its own by the night id inside), an upload it opened, or the uploads it may have opened
 * at a key without hearing their id (`uploads-at`).
 */
export type RemovalKind = 'object' | 'manifest' | 'upload' | 'uploads-at';

/** How a removal ended: gone by us, already gone, left because it was not ours, or refused. */
export type RemovalOutcome = 'removed' | 'absent' | 'not-ours' | 'denied';

export type RemovalRecord = {
  readonly id: number;
  readonly planId: number;
  /** The target the object was written to (the night's before it moved). */
  readonly target: StorageTarget;
  readonly kind: RemovalKind;
  readonly key: string;
  /** For an object: the ETag Depot's upload gives it (bare). */
  readonly etag: string | null;
  readonly uploadId: string | null;
  /** Null while still to do. */
  readonly outcome: RemovalOutcome | null;
  readonly createdAt: number;
};

export type NewRemoval = Omit<RemovalRecord, 'id' | 'outcome'>;

import type { SourceStat } from '../../shared/ports/SourceReader';
import type { PartRecord } from '../store/PartRecord';
import type { UnitRecord } from '../store/UnitRecord';
import { choosePartSize } from './choosePartSize';
import type { EnginePorts } from './EnginePorts';

/** How one file is hashed: the plan's part size, and what the caller keeps or commits. */
export type UnitHashing = {
  /** The plan's part size (a multipart file's own is chosen from it and the file's size). */
  readonly planPartSize: number;
  readonly signal: AbortSignal | undefined;
  /** Its bytes come back when it is no larger than this (a small file's one request uses them). */
  readonly keepUpTo?: number;
  /** How the hashes are committed (a run commits them with what it holds for the unit). */
  readonly commit?: (write: () => void) => void;
};

/**
 * One file's SHA-256 and part MD5s, streamed and stored in one transaction (through `commit`).
 * Also returns the file's size and time as read (`seen`), and its bytes when asked (`keepUpTo`).
 */
export const hashUnit = async (
  ports: Pick<EnginePorts, 'store' | 'source' | 'hashing'>,
  unit: UnitRecord,
  how: UnitHashing,
): Promise<{
  readonly seen: SourceStat;
  readonly body: Buffer | undefined;
  /** The unit and its parts as they now stand in the store (once `commit` wrote them). */
  readonly hashed: UnitRecord;
  readonly parts: readonly PartRecord[];
}> => {
  const { store, source, hashing } = ports;
  const { keepUpTo = 0, commit = (write) => write() } = how;
  const partSize = unit.multipart ? choosePartSize(unit.size, how.planPartSize) : unit.size || 1;
  const { body, seen, ...hashes } = await hashing.hash(
    source,
    { path: unit.absPath, size: unit.size, partSize, keepUpTo },
    how.signal,
  );
  commit(() => store.setHashes(unit.id, hashes));
  const hashed = {
    ...unit,
    sha256: hashes.sha256,
    md5: hashes.md5,
    mtimeNs: hashes.mtimeNs ?? null,
  };
  const parts = hashes.parts.map((p): PartRecord => ({
    ...p,
    unitId: unit.id,
    etag: null,
    sentBytes: 0,
  }));
  return { seen, body, hashed, parts };
};

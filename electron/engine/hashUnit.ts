import type { SourceReader, SourceStat } from '../../shared/ports/SourceReader';
import type { PartRecord } from '../store/PartRecord';
import type { PlanStore } from '../store/PlanStore';
import type { UnitRecord } from '../store/UnitRecord';
import { choosePartSize } from './choosePartSize';
import type { FileHashing } from './FileHashing';

/**
 * One file's SHA-256 and part MD5s, streamed and stored in one transaction (through `commit`).
 * Also returns the file's size and time as read (`seen`), and its bytes when the file is no
 * larger than `keepUpTo` (a small file's one request reuses them).
 */
export const hashUnit = async (
  store: PlanStore,
  source: SourceReader,
  hashing: FileHashing,
  planPartSize: number,
  unit: UnitRecord,
  signal: AbortSignal | undefined,
  keepUpTo = 0,
  /** How the hashes are committed (a run commits them with what it holds for the unit). */
  commit: (write: () => void) => void = (write) => write(),
): Promise<{
  readonly seen: SourceStat;
  readonly body: Buffer | undefined;
  /** The unit and its parts as they now stand in the store (once `commit` wrote them). */
  readonly hashed: UnitRecord;
  readonly parts: readonly PartRecord[];
}> => {
  const partSize = unit.multipart ? choosePartSize(unit.size, planPartSize) : unit.size || 1;
  const { body, seen, ...hashes } = await hashing.hash(
    source,
    { path: unit.absPath, size: unit.size, partSize, keepUpTo },
    signal,
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

import type { SourceReader } from '../../shared/ports/SourceReader';
import type { PlanStore } from '../store/PlanStore';
import type { UnitRecord } from '../store/UnitRecord';
import { choosePartSize } from './choosePartSize';
import { hashFile } from './hashFile';

/**
 * One file's SHA-256 and part MD5s, streamed and stored in one transaction; its bytes come back
 * when the file is no larger than `keepUpTo` (a small file's one request reuses them).
 */
export const hashUnit = async (
  store: PlanStore,
  source: SourceReader,
  planPartSize: number,
  unit: UnitRecord,
  signal: AbortSignal | undefined,
  keepUpTo = 0,
): Promise<Buffer | undefined> => {
  const partSize = unit.multipart ? choosePartSize(unit.size, planPartSize) : unit.size || 1;
  const { body, ...hashes } = await hashFile(
    source,
    unit.absPath,
    unit.size,
    partSize,
    signal,
    keepUpTo,
  );
  store.setHashes(unit.id, hashes);
  return body;
};

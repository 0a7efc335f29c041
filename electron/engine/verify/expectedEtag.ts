import type { PartRecord } from '../../store/PartRecord';
import type { UnitRecord } from '../../store/UnitRecord';
import { multipartEtag } from '../multipartEtag';

/** What the server computes over the bytes Depot's own upload of this unit gives. */
export const expectedEtag = (unit: UnitRecord, parts: readonly PartRecord[]): string =>
  unit.multipart ? multipartEtag(parts.map((p) => p.md5)) : (parts[0]?.md5 ?? '');

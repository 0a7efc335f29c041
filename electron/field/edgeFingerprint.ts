import { createHash } from 'node:crypto';
import type { ReadAt } from '../../shared/field/inspectWav';

/** Enough to cover headers and the first samples: equal sizes rarely survive it unless equal. */
const EDGE = 16 * 1024;

/**
 * A cheap discriminator between files of the same size: the size, the first and the last 16 KiB.
 * Equal files always share it. Through a `ReadAt`, so that the pre-flight's header pass takes it
 * from the bytes it already holds (a file of up to 64 KiB is read once for both).
 */
export const edgeFingerprint = async (read: ReadAt, size: number): Promise<string> => {
  const hash = createHash('sha256').update(String(size));
  const headLength = Math.min(EDGE, size);
  hash.update(await read(0, headLength));
  const tailStart = Math.max(headLength, size - EDGE);
  if (size > tailStart) hash.update(await read(tailStart, size - tailStart));
  return hash.digest('hex');
};

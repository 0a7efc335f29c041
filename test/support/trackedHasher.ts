import type { FileHasher } from '../../electron/hashing/FileHasher';
import { sharedHashWorker } from '../../electron/hashing/sharedHashWorker';
import type { VirtualTime } from './VirtualTime';

/**
 * The hash worker, each chunk it takes and each digest it gives a task the virtual clock waits
 * for: time never jumps while a file is being hashed, so no test depends on how fast the machine
 * hashes (as `trackedSourceReader` for reads).
 */
export const trackedHasher = (
  time: VirtualTime,
  inner: FileHasher = sharedHashWorker,
): FileHasher => ({
  digest: (size, partSize, chunkSize) => {
    const digest = inner.digest(size, partSize, chunkSize);
    if (digest === undefined) return undefined;
    return {
      take: (chunk) => time.track(digest.take(chunk)),
      finish: () => time.track(digest.finish()),
      cancel: () => digest.cancel(),
    };
  },
});

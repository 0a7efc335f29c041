import type { SourceReader } from '../../shared/ports/SourceReader';
import { fsSourceReader } from '../../electron/runtime/fsSourceReader';
import type { VirtualTime } from './VirtualTime';

/**
 * The real source files, every request a task the virtual clock waits for: time never jumps
 * while a stat or a read is on the disk, so no test depends on how fast the machine reads.
 */
export const trackedSourceReader = (
  time: VirtualTime,
  inner: SourceReader = fsSourceReader,
): SourceReader => ({
  stat: (path) => time.track(inner.stat(path)),
  open: async (path, how) => {
    const file = await time.track(inner.open(path, how));
    return {
      stat: () => time.track(file.stat()),
      read: (buffer, offset, length, position) =>
        time.track(file.read(buffer, offset, length, position)),
      close: () => time.track(file.close()),
    };
  },
});

import { open, stat } from 'node:fs/promises';
import type { SourceReader } from '../../shared/ports/SourceReader';

/** The source files on the local disk (or card), read-only. */
export const fsSourceReader: SourceReader = {
  stat: async (path) => {
    const info = await stat(path);
    return { size: info.size, mtimeMs: info.mtimeMs };
  },
  open: async (path) => {
    const handle = await open(path, 'r');
    return {
      mtimeNs: async () => (await handle.stat({ bigint: true })).mtimeNs,
      read: async (buffer, offset, length, position) =>
        (await handle.read(buffer, offset, length, position)).bytesRead,
      close: () => handle.close(),
    };
  },
};

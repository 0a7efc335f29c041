import { open, stat } from 'node:fs/promises';
import type { SourceReader } from '../../shared/ports/SourceReader';

const NS_PER_S = 1_000_000_000n;

/**
 * Node's own float for a time in nanoseconds (`sec * 1e3 + nsec / 1e6`, as `stat` computes
 * `mtimeMs`): so one bigint `fstat` answers both, and compares exactly as a path `stat` would.
 */
const msOf = (ns: bigint): number => {
  let sec = ns / NS_PER_S;
  let nsec = ns % NS_PER_S;
  if (nsec < 0n) {
    nsec += NS_PER_S;
    sec -= 1n;
  }
  return Number(sec) * 1e3 + Number(nsec) / 1e6;
};

/** The source files on the local disk (or card), read-only. */
export const fsSourceReader: SourceReader = {
  stat: async (path) => {
    const info = await stat(path);
    return { size: info.size, mtimeMs: info.mtimeMs };
  },
  open: async (path) => {
    const handle = await open(path, 'r');
    return {
      stat: async () => {
        const info = await handle.stat({ bigint: true });
        return { size: Number(info.size), mtimeMs: msOf(info.mtimeNs), mtimeNs: info.mtimeNs };
      },
      read: async (buffer, offset, length, position) =>
        (await handle.read(buffer, offset, length, position)).bytesRead,
      close: () => handle.close(),
    };
  },
};

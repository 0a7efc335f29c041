import { stat } from 'node:fs/promises';
import type { SourceReader } from '../../shared/ports/SourceReader';
import { fdCalls } from './fdCalls';

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
    const fd = await fdCalls.open(path);
    return {
      stat: async () => {
        const info = await fdCalls.stat(fd);
        return { size: Number(info.size), mtimeMs: msOf(info.mtimeNs), mtimeNs: info.mtimeNs };
      },
      read: (buffer, offset, length, position) =>
        fdCalls.read(fd, buffer, offset, length, position),
      close: () => fdCalls.close(fd),
    };
  },
};

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { SourceFile, SourceReader } from '../../shared/ports/SourceReader';
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

const statOf = (info: BigIntStats) => ({
  size: Number(info.size),
  mtimeMs: msOf(info.mtimeNs),
  mtimeNs: info.mtimeNs,
});

/**
 * Bytes expected in the page cache, read on the calling thread: each of a small file's four calls
 * through libuv's pool is a hand-over and a wake-up of another thread, on two cores shared with the
 * server (2,000 x 40 KB: 2.5-5 % of Depot's CPU side by side, ADR 0013). Were they not cached, the
 * event loop waits one read's time (a 40 KB file from a card: a few ms) and nothing is lost.
 */
const openInThread = (path: string): SourceFile => {
  const fd = openSync(path, 'r');
  return {
    stat: () => settled(() => statOf(fstatSync(fd, { bigint: true }))),
    read: (buffer, offset, length, position) =>
      settled(() => readSync(fd, buffer, offset, length, position)),
    close: () => settled(() => closeSync(fd)),
  };
};

/** A call's result or its error as a promise, as the port's callers expect (never a throw). */
const settled = <T>(call: () => T): Promise<T> => new Promise((resolve) => resolve(call()));

/** The source files on the local disk (or card), read-only. */
export const fsSourceReader: SourceReader = {
  stat: async (path) => {
    const info = await stat(path);
    return { size: info.size, mtimeMs: info.mtimeMs };
  },
  open: async (path, how) => {
    if (how?.cached === true) return openInThread(path);
    const fd = await fdCalls.open(path);
    return {
      stat: async () => statOf(await fdCalls.stat(fd)),
      read: (buffer, offset, length, position) =>
        fdCalls.read(fd, buffer, offset, length, position),
      close: () => fdCalls.close(fd),
    };
  },
};

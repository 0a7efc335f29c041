import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseAccessLine } from './parseAccessLine';
import type { ServerRequest } from './ServerRequest';

/**
 * radosgw's own log, read as the record of every request it received: nothing sits in the path
 * the link lab shapes. Runs are sequential, so a run's requests are those logged between two marks
 * (radosgw writes a request's line when the request ends).
 */
export type ServerRequestLog = {
  /** Where the log ends now. */
  mark(): number;
  /** The requests logged after `from`, once the log has stopped growing for a second. */
  since(from: number): Promise<ServerRequest[]>;
};

const QUIET_MS = 1_000;
const SETTLE_CAP_MS = 10_000;
const POLL_MS = 200;

export const serverRequestLog = (file: string): ServerRequestLog => {
  const size = (): number => (existsSync(file) ? statSync(file).size : 0);
  return {
    mark: size,
    async since(from) {
      // Ceph's logger writes from its own thread: wait until nothing more comes.
      const until = Date.now() + SETTLE_CAP_MS;
      let last = size();
      let quietSince = Date.now();
      while (Date.now() < until && Date.now() - quietSince < QUIET_MS) {
        await sleep(POLL_MS);
        const now = size();
        if (now !== last) {
          last = now;
          quietSince = Date.now();
        }
      }
      if (last <= from) return [];
      const buffer = Buffer.alloc(last - from);
      const fd = openSync(file, 'r');
      try {
        readSync(fd, buffer, 0, buffer.length, from);
      } finally {
        closeSync(fd);
      }
      const text = buffer.toString('utf8');
      // A line still being written belongs to the next read.
      const whole = text.slice(0, text.lastIndexOf('\n') + 1);
      return whole.split('\n').flatMap((line) => {
        const r = parseAccessLine(line);
        return r === undefined ? [] : [r];
      });
    },
  };
};

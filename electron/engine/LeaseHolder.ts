import { hostname } from 'node:os';
import { errnoOf } from '../errnoOf';

/** Who this engine is when it takes a plan's run lease, and how it keeps the lease alive. */
export type LeaseHolder = {
  readonly pid: number;
  readonly host: string;
  /** Whether a process of this host is alive (a dead holder's lease is taken over at once). */
  readonly isAlive: (pid: number) => boolean;
  /** Calls `renew` every `ms` until the returned function is called. */
  readonly heartbeat: (renew: () => void, ms: number) => () => void;
};

/**
 * The running process. The heartbeat is a real timer on purpose: it stands for wall time between
 * processes, and an unref'd interval never keeps the process (or a virtual-time test) alive.
 */
export const thisProcess = (): LeaseHolder => ({
  pid: process.pid,
  host: hostname(),
  isAlive: (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: it exists, it belongs to another user.
      return errnoOf(error) === 'EPERM';
    }
  },
  heartbeat: (renew, ms) => {
    const timer = setInterval(renew, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
});

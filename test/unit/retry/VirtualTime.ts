import type { Clock } from '../../../shared/ports/Clock';
import type { Sleeper } from '../../../shared/ports/Sleeper';
import { abortError } from '../../../shared/ports/abortError';

type Timer = {
  readonly at: number;
  readonly seq: number;
  readonly wake: () => void;
};

// setImmediate runs only once the microtask queue is empty: every promise chain that can
// progress without time passing has done so.
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A deterministic discrete-event clock: `sleep` schedules a wake-up in virtual time and `drive`
 * jumps from one wake-up to the next once everything else has settled, so concurrent callers
 * interleave exactly as they would in real time, without any real wait.
 */
export class VirtualTime implements Clock, Sleeper {
  private current: number;
  private seq = 0;
  private timers: Timer[] = [];
  /** Every duration asked of `sleep`, in order. */
  readonly sleeps: number[] = [];

  constructor(start = Date.UTC(2026, 10, 30, 22, 0, 0)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    if (signal?.aborted === true) return Promise.reject(abortError());
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        this.timers = this.timers.filter((t) => t !== timer);
        reject(abortError());
      };
      const timer: Timer = {
        at: this.current + Math.max(0, ms),
        seq: this.seq++,
        wake: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.insert(timer);
    });
  }

  /** Runs virtual time until `work` settles; fails on a deadlock or past `maxSteps` wake-ups. */
  async drive<T>(work: Promise<T>, maxSteps = 1_000_000): Promise<T> {
    let done = false;
    work.then(
      () => (done = true),
      () => (done = true),
    );
    for (let step = 0; step < maxSteps; step += 1) {
      await settle();
      if (done) return work;
      const next = this.timers.shift();
      if (next === undefined) throw new Error('deadlock: work pending and no timer left');
      this.current = next.at;
      next.wake();
    }
    throw new Error(`still running after ${maxSteps} wake-ups`);
  }

  /** Advances virtual time by `ms`, waking every timer due on the way. */
  async advance(ms: number): Promise<void> {
    const end = this.current + ms;
    for (;;) {
      await settle();
      const next = this.timers[0];
      if (next === undefined || next.at > end) break;
      this.timers.shift();
      this.current = next.at;
      next.wake();
    }
    this.current = end;
    await settle();
  }

  private insert(timer: Timer): void {
    let lo = 0;
    let hi = this.timers.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const t = this.timers[mid];
      if (t === undefined) break; // mid < length
      if (t.at < timer.at || (t.at === timer.at && t.seq < timer.seq)) lo = mid + 1;
      else hi = mid;
    }
    this.timers.splice(lo, 0, timer);
  }
}

import { createHook } from 'node:async_hooks';
import type { Clock } from '../../../shared/ports/Clock';
import type { Sleeper } from '../../../shared/ports/Sleeper';
import { abortError } from '../../../shared/ports/abortError';

type Timer = { readonly at: number; readonly seq: number; readonly wake: () => void };

/**
 * File requests in flight in this process (fs callbacks and fs/promises, file handles closing):
 * virtual time never jumps while one is pending, so a part read from disk is never overtaken by a
 * timer of the simulated network, however slow the machine (issue 13).
 */
const FS_TYPES = new Set(['FSREQCALLBACK', 'FSREQPROMISE', 'FILEHANDLECLOSEREQ', 'STATWATCHER']);
const pendingFs = new Set<number>();
createHook({
  init(asyncId, type) {
    if (FS_TYPES.has(type)) pendingFs.add(asyncId);
  },
  destroy(asyncId) {
    pendingFs.delete(asyncId);
  },
  promiseResolve(asyncId) {
    pendingFs.delete(asyncId);
  },
}).enable();

const immediate = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const realDelay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Discrete-event virtual time for the engine, which also does real file I/O (stat, part reads):
 * time jumps to the next wake-up only once nothing else can progress, and when no timer is left
 * it gives pending I/O real milliseconds to finish before calling it a deadlock. No test waits
 * for virtual time; an outage of ten simulated minutes runs in well under a second.
 */
export class IoVirtualTime implements Clock, Sleeper {
  private current: number;
  private seq = 0;
  private timers: Timer[] = [];
  private wakes = 0;

  constructor(start = Date.UTC(2026, 10, 30, 22, 0, 0)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted === true) return Promise.reject(abortError());
    return new Promise<void>((resolve, reject) => {
      const timer: Timer = {
        at: this.current + Math.max(0, ms),
        seq: this.seq++,
        wake: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        this.timers = this.timers.filter((t) => t !== timer);
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      let lo = 0;
      let hi = this.timers.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const t = this.timers[mid];
        if (t !== undefined && (t.at < timer.at || (t.at === timer.at && t.seq < timer.seq))) {
          lo = mid + 1;
        } else hi = mid;
      }
      this.timers.splice(lo, 0, timer);
    });
  }

  /** Settles microtasks, immediates and pending file I/O (waited for in real time). */
  private async settle(): Promise<void> {
    // Bounded: a request whose end the hook never sees must not hang the test (5 s in all).
    for (let waited = 0; ; waited += 1) {
      for (let i = 0; i < 4; i += 1) await immediate();
      await realDelay(0);
      for (let i = 0; i < 2; i += 1) await immediate();
      // A read on the thread pool: its callback is what lets the engine go on.
      if (pendingFs.size === 0 || waited >= 5_000) return;
      await realDelay(1);
    }
  }

  /** Runs virtual time until `work` settles, calling `at(now)` hooks as time passes. */
  async drive<T>(
    work: Promise<T>,
    options: { maxWakes?: number; hooks?: { at: number; run: () => void }[] } = {},
  ): Promise<T> {
    let done = false;
    work.then(
      () => (done = true),
      () => (done = true),
    );
    const hooks = [...(options.hooks ?? [])].sort((a, b) => a.at - b.at);
    const maxWakes = options.maxWakes ?? 200_000;
    for (;;) {
      await this.settle();
      if (done) return work;
      let next = this.timers[0];
      for (let waited = 0; next === undefined && waited < 2_000; waited += 5) {
        await realDelay(5);
        await this.settle();
        if (done) return work;
        next = this.timers[0];
      }
      if (next === undefined) throw new Error('deadlock: work pending and no timer left');
      while (hooks.length > 0 && (hooks[0]?.at ?? Infinity) <= next.at) {
        const hook = hooks.shift();
        if (hook !== undefined) {
          this.current = Math.max(this.current, hook.at);
          hook.run();
        }
      }
      this.timers.shift();
      this.current = Math.max(this.current, next.at);
      next.wake();
      this.wakes += 1;
      if (this.wakes > maxWakes) throw new Error(`still running after ${maxWakes} wake-ups`);
    }
  }
}

import type { Clock } from '../../shared/ports/Clock';
import type { Sleeper } from '../../shared/ports/Sleeper';
import { abortError } from '../../shared/ports/abortError';
import { TimerHeap } from './TimerHeap';

// setImmediate runs only once the microtask queue is empty: every promise chain that can
// progress without time passing has done so.
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Something to do at a virtual instant, before the first wake-up due after it. */
export type TimeHook = { readonly at: number; readonly run: () => void };

export type DriveOptions = {
  /** Fails past this many wake-ups (a livelock). */
  readonly maxWakes?: number;
  readonly hooks?: readonly TimeHook[];
};

/**
 * The tests' one virtual clock, a discrete-event one: `sleep` files a wake-up and `drive` jumps
 * to the next once nothing else can progress, so concurrent callers interleave as they would in
 * real time, without any real wait. Real work the code under test does (a source file's read) is
 * `track`ed: time never moves while a tracked task is pending, however long it takes on a loaded
 * machine, so a simulated network never overtakes a disk read (issue 13).
 */
export class VirtualTime implements Clock, Sleeper {
  private current: number;
  private readonly timers = new TimerHeap();
  private inFlight = 0;
  private waiters: (() => void)[] = [];
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
        timer.wake = undefined;
        reject(abortError());
      };
      const timer = this.timers.push(this.current + Math.max(0, ms), () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.changed();
    });
  }

  /** Real work virtual time must wait for: the clock does not move until `task` settles. */
  track<T>(task: Promise<T>): Promise<T> {
    this.inFlight += 1;
    this.changed();
    return task.finally(() => {
      this.inFlight -= 1;
      this.changed();
    });
  }

  /**
   * Runs virtual time until `work` settles, calling each hook when time reaches it. With nothing
   * to wake and nothing tracked, it waits for what comes next (untracked real work, such as a
   * folder's scan, filing a timer or a task): a true deadlock is then the test's timeout.
   */
  async drive<T>(work: Promise<T>, options: DriveOptions = {}): Promise<T> {
    let done = false;
    work.then(
      () => ((done = true), this.changed()),
      () => ((done = true), this.changed()),
    );
    const hooks = [...(options.hooks ?? [])].sort((a, b) => a.at - b.at);
    const maxWakes = options.maxWakes ?? 1_000_000;
    for (let wakes = 0; ;) {
      await settle();
      if (done) return work;
      const next = this.timers.peek();
      if (this.inFlight > 0 || next === undefined) {
        await this.nextChange();
        continue;
      }
      const hook = hooks[0];
      if (hook !== undefined && hook.at <= next.at) {
        // Its effects (a route lost, a store down) happen at its time, before the next timer.
        hooks.shift();
        this.current = Math.max(this.current, hook.at);
        hook.run();
        continue;
      }
      this.wake();
      wakes += 1;
      if (wakes > maxWakes) throw new Error(`still running after ${maxWakes} wake-ups`);
    }
  }

  /** Advances virtual time by `ms`, waking every timer due on the way (tracked work first). */
  async advance(ms: number): Promise<void> {
    const end = this.current + ms;
    for (;;) {
      await settle();
      if (this.inFlight > 0) {
        await this.nextChange();
        continue;
      }
      const next = this.timers.peek();
      if (next === undefined || next.at > end) break;
      this.wake();
    }
    this.current = end;
    await settle();
  }

  private wake(): void {
    const timer = this.timers.pop();
    if (timer === undefined) return;
    this.current = Math.max(this.current, timer.at);
    timer.wake?.();
  }

  private nextChange(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private changed(): void {
    if (this.waiters.length === 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}

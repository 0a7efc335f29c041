import type { Clock } from '../../shared/ports/Clock';
import type { Sleeper } from '../../shared/ports/Sleeper';
import { abortError } from '../../shared/ports/abortError';

type Timer = {
  readonly at: number;
  readonly seq: number;
  wake: (() => void) | undefined;
};

// setImmediate runs once the microtask queue is empty: every promise chain that can progress
// without time passing has done so before the clock moves.
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Discrete-event virtual time for thousands of concurrent async clients: `sleep` files a wake-up
 * in a binary heap, `runUntil` jumps from one instant to the next once everything has settled.
 * Timers due at the same instant wake in the order they were filed, so a run is a function of
 * its inputs alone (same seed, same figures).
 */
export class VirtualScheduler implements Clock, Sleeper {
  private current: number;
  private seq = 0;
  private readonly heap: Timer[] = [];

  constructor(start: number) {
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
        wake: undefined,
      };
      const onAbort = (): void => {
        // Left in the heap, inert: removal from the middle of a heap costs more than skipping.
        timer.wake = undefined;
        reject(abortError());
      };
      timer.wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.push(timer);
    });
  }

  /**
   * Runs virtual time until `done()` holds once everything settled; fails on a deadlock or past
   * `until`. Timers due within `quantumMs` of the first one wake together, at the last one's
   * instant (each then sees the clock up to `quantumMs` late): fewer settles, same determinism.
   */
  async runUntil(done: () => boolean, until: number, quantumMs = 0): Promise<void> {
    for (;;) {
      await settle();
      if (done()) return;
      let first = this.pop();
      // An aborted sleep's timer stays in the heap, inert: skip it without a settle.
      while (first !== undefined && first.wake === undefined) first = this.pop();
      if (first === undefined) throw new Error('deadlock: clients pending and no timer left');
      if (first.at > until) throw new Error(`still running at the horizon (${until})`);
      const batch = [first];
      const end = first.at + quantumMs;
      // Everything due at this instant (or within the quantum) wakes before the next settle.
      for (let next = this.heap[0]; next !== undefined && next.at <= end; next = this.heap[0]) {
        this.pop();
        batch.push(next);
      }
      this.current = (batch.at(-1) ?? first).at;
      for (const timer of batch) timer.wake?.();
    }
  }

  private before(a: Timer, b: Timer): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  /** A heap slot the index arithmetic below keeps in bounds: outside them is a bug in the heap. */
  private slot(i: number): Timer {
    const timer = this.heap[i];
    if (timer === undefined)
      throw new RangeError(`VirtualScheduler: heap slot ${i} of ${this.heap.length}`);
    return timer;
  }

  /** True when slot `i` exists and must come before slot `j`. */
  private slotBefore(i: number, j: number): boolean {
    return i < this.heap.length && this.before(this.slot(i), this.slot(j));
  }

  private swap(i: number, j: number): void {
    const a = this.slot(i);
    this.heap[i] = this.slot(j);
    this.heap[j] = a;
  }

  private push(timer: Timer): void {
    this.heap.push(timer);
    let i = this.heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.slotBefore(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  private pop(): Timer | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last !== undefined) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (this.slotBefore(l, m)) m = l;
        if (this.slotBefore(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
}

import type { Clock } from '../../shared/ports/Clock';
import type { Sleeper } from '../../shared/ports/Sleeper';
import { abortError } from '../../shared/ports/abortError';
import { TimerHeap } from '../../test/support/TimerHeap';

// setImmediate runs once the microtask queue is empty: every promise chain that can progress
// without time passing has done so before the clock moves.
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Discrete-event virtual time for thousands of concurrent async clients: `sleep` files a wake-up
 * in the heap the tests' `VirtualTime` uses too (`TimerHeap`), `runUntil` jumps from one instant
 * to the next once everything has settled. Apart from `VirtualTime` because its loop is the
 * fleet's: a predicate and a horizon instead of a promise, wake-ups batched by a quantum, and no
 * tracked real work (10,000 simulated clients, no disk). Timers due at the same instant wake in the order they were filed, so a run is a function of
 * its inputs alone (same seed, same figures).
 */
export class VirtualScheduler implements Clock, Sleeper {
  private current: number;
  private readonly heap = new TimerHeap();

  constructor(start: number) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted === true) return Promise.reject(abortError());
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        timer.wake = undefined;
        reject(abortError());
      };
      const timer = this.heap.push(this.current + Math.max(0, ms), () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * Runs virtual time until `done()` holds once everything settled; fails on a deadlock, and past
   * `until` fails or, with `atHorizon: 'stop'`, says so (a fleet bench reports what never ended).
   * Timers due within `quantumMs` of the first one wake together, at the last one's instant (each
   * then sees the clock up to `quantumMs` late): fewer settles, same determinism.
   */
  async runUntil(
    done: () => boolean,
    until: number,
    quantumMs = 0,
    atHorizon: 'throw' | 'stop' = 'throw',
  ): Promise<'done' | 'horizon'> {
    for (;;) {
      await settle();
      if (done()) return 'done';
      const first = this.heap.pop();
      if (first === undefined) throw new Error('deadlock: clients pending and no timer left');
      if (first.at > until) {
        if (atHorizon === 'stop') return 'horizon';
        throw new Error(`still running at the horizon (${until})`);
      }
      const batch = [first];
      const end = first.at + quantumMs;
      // Everything due at this instant (or within the quantum) wakes before the next settle.
      for (let next = this.heap.peek(); next !== undefined && next.at <= end;) {
        this.heap.pop();
        batch.push(next);
        next = this.heap.peek();
      }
      this.current = (batch.at(-1) ?? first).at;
      for (const timer of batch) timer.wake?.();
    }
  }
}

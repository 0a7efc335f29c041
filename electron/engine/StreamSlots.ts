import { abortError } from './abortError';

/**
 * The request bodies one run may have on the wire at once: its concurrency. A file takes a slot
 * to send its payload (a small file's PutObject, a multipart file's parts) and holds none for its
 * round trips without payload (ADR 0011); a multipart file borrows idle slots for more of its
 * parts, so the night's last large file does not crawl on one stream (ADR 0009). A file waiting
 * for a slot always comes before a borrower, and a borrowed slot is handed back at the end of its
 * part. Parts in flight, hence part buffers and bytes a cut can cost, stay at most one per slot.
 */
export class StreamSlots {
  private free: number;
  private readonly waiters: (() => void)[] = [];
  private readonly freed = new Set<() => void>();

  constructor(capacity: number) {
    this.free = Math.max(1, capacity);
  }

  /** A slot for a file's payload; waits for one (before any borrower). */
  async acquire(signal: AbortSignal): Promise<() => void> {
    signal.throwIfAborted();
    if (this.free > 0 && this.waiters.length === 0) {
      this.free -= 1;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const grant = (): void => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        const at = this.waiters.indexOf(grant);
        if (at >= 0) this.waiters.splice(at, 1);
        reject(abortError());
      };
      this.waiters.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    return this.releaser();
  }

  /** A slot nobody is waiting for, or undefined. */
  tryBorrow(): (() => void) | undefined {
    if (this.free === 0 || this.waiters.length > 0) return undefined;
    this.free -= 1;
    return this.releaser();
  }

  /** Whether a file waits for a slot: a borrower hands its slot back. */
  get wanted(): boolean {
    return this.waiters.length > 0;
  }

  /** Calls `listener` whenever a slot becomes free for borrowing; returns the way to stop. */
  onFree(listener: () => void): () => void {
    this.freed.add(listener);
    return () => this.freed.delete(listener);
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next !== undefined) {
        next();
        return;
      }
      this.free += 1;
      for (const listener of [...this.freed]) listener();
    };
  }
}

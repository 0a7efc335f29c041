/** A wake-up filed by a virtual clock; `wake` undefined once its sleep was aborted (inert). */
export type Timer = {
  readonly at: number;
  readonly seq: number;
  wake: (() => void) | undefined;
};

/**
 * The wake-ups of a discrete-event clock in order: by instant, then in the order they were filed,
 * so a run is a function of its inputs alone. A binary heap (the fleet simulation files millions);
 * an aborted sleep's timer stays in it, inert, and is skipped: removal from the middle of a heap
 * costs more than skipping. Shared by the tests' `VirtualTime` and the bench's `VirtualScheduler`.
 */
export class TimerHeap {
  private seq = 0;
  private readonly heap: Timer[] = [];

  /** Files a wake-up at `at`; the caller sets `wake` to undefined to cancel it. */
  push(at: number, wake: () => void): Timer {
    const timer: Timer = { at, seq: this.seq++, wake };
    this.heap.push(timer);
    let i = this.heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.slotBefore(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
    return timer;
  }

  /** The next live wake-up, left in the heap (inert ones on top are dropped on the way). */
  peek(): Timer | undefined {
    while (this.heap[0] !== undefined && this.heap[0].wake === undefined) this.removeTop();
    return this.heap[0];
  }

  /** Takes the next live wake-up out of the heap. */
  pop(): Timer | undefined {
    const top = this.peek();
    if (top !== undefined) this.removeTop();
    return top;
  }

  private removeTop(): void {
    const h = this.heap;
    const last = h.pop();
    if (h.length === 0 || last === undefined) return;
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

  /** A heap slot the index arithmetic keeps in bounds: outside them is a bug in the heap. */
  private slot(i: number): Timer {
    const timer = this.heap[i];
    if (timer === undefined) throw new RangeError(`TimerHeap: slot ${i} of ${this.heap.length}`);
    return timer;
  }

  /** True when slot `i` exists and must come before slot `j`. */
  private slotBefore(i: number, j: number): boolean {
    if (i >= this.heap.length) return false;
    const a = this.slot(i);
    const b = this.slot(j);
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private swap(i: number, j: number): void {
    const a = this.slot(i);
    this.heap[i] = this.slot(j);
    this.heap[j] = a;
  }
}

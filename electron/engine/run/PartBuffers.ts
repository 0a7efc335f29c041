/**
 * The buffers a run reads its parts into, reused from one part to the next (issue 15). A new
 * 5 MiB buffer per part cost the kernel's fresh pages for every byte read and, as memory outside
 * the JavaScript heap, a full garbage collection every 30 MB or so (16 on 8 x 60 MB): reused,
 * 8 x 60 MB took 3.0 CPU s instead of 4.0 and peaked at 107 MB instead of 141 (ADR 0013).
 *
 * A buffer comes back once its part's call has settled: its request answered, or aborted and its
 * connection destroyed with it (an abandoned or stalled emission is aborted, `Emission`). Were a
 * byte of it still to leave after the buffer is read into again, the part's Content-MD5 would
 * refuse the mix: no mixed bytes are ever stored.
 */
export class PartBuffers {
  private readonly free: Buffer[] = [];

  /**
   * `keep`: at most this many idle buffers held (a run's slots: one part each in flight).
   * `least`: the smallest buffer made (the plan's part size), so that a file's last, shorter part
   * does not make a buffer no other part fits in.
   */
  constructor(
    private readonly keep: number,
    private readonly least = 0,
  ) {}

  /** A buffer of exactly `size` bytes, of unspecified content. */
  take(size: number): Buffer {
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      const length = this.free[i]?.length ?? 0;
      if (length >= size && (best < 0 || length < (this.free[best]?.length ?? 0))) best = i;
    }
    // Never from Node's shared pool (allocUnsafe does that under 4 KiB): its whole memory is ours.
    const whole = best < 0 ? undefined : this.free.splice(best, 1)[0];
    return (whole ?? Buffer.allocUnsafeSlow(Math.max(size, this.least))).subarray(0, size);
  }

  /** `bytes` (from `take`) is no longer used. */
  give(bytes: Buffer): void {
    if (this.free.length >= this.keep) return;
    this.free.push(Buffer.from(bytes.buffer, 0, bytes.buffer.byteLength));
  }
}

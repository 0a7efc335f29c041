import type { BodyPacer } from '../../shared/ports/BodyPacer';
import type { Clock } from '../../shared/ports/Clock';
import type { Sleeper } from '../../shared/ports/Sleeper';

/** The largest slice: the adapter's own write size, beyond which slicing buys nothing. */
const MAX_SLICE = 256 * 1024;
const MIN_SLICE = 16 * 1024;

/**
 * An eighth of a second of the rate, within 16-256 KiB: a burst can add at most that to a
 * second's bytes (1.125 x the cap over any second, at any rate the CLI or the app accepts).
 */
export const sliceFor = (bytesPerSec: number): number =>
  Math.max(MIN_SLICE, Math.min(MAX_SLICE, Math.floor(bytesPerSec / 8)));

/**
 * The bandwidth cap shared by every transfer: bytes are taken right before they are written to a
 * socket (`BodyPacer`), slice by slice. A take larger than what is available goes into debt and
 * waits it off, so the long-run rate never exceeds `bytesPerSec` and no more than `burstBytes`
 * goes beyond it in any second. Reading the sources is not paced: the wire is what the cap is for
 * (issue 30: parts read at the cap's rate then left as one burst of 5 MiB).
 */
export class TokenBucket implements BodyPacer {
  readonly sliceBytes: number;
  private tokens: number;
  private last: number;

  constructor(
    private readonly bytesPerSec: number,
    private readonly clock: Clock,
    private readonly sleeper: Sleeper,
    private readonly burstBytes: number = sliceFor(bytesPerSec),
  ) {
    this.sliceBytes = burstBytes;
    this.tokens = burstBytes;
    this.last = clock.now();
  }

  async take(bytes: number, signal?: AbortSignal): Promise<void> {
    const now = this.clock.now();
    this.tokens = Math.min(
      this.burstBytes,
      this.tokens + ((now - this.last) * this.bytesPerSec) / 1000,
    );
    this.last = now;
    this.tokens -= bytes;
    if (this.tokens < 0) {
      await this.sleeper.sleep(Math.ceil((-this.tokens * 1000) / this.bytesPerSec), signal);
    }
  }
}

import type { Clock } from '../../shared/ports/Clock';
import type { Sleeper } from '../../shared/ports/Sleeper';

/**
 * The bandwidth cap shared by every transfer: bytes are taken before they are read into a
 * request body. A take larger than what is available goes into debt and waits it off, so the
 * long-run rate never exceeds `bytesPerSec` and one-second bursts stay within `burstBytes`.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly bytesPerSec: number,
    private readonly clock: Clock,
    private readonly sleeper: Sleeper,
    private readonly burstBytes: number = bytesPerSec,
  ) {
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

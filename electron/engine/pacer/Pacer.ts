import type { Clock } from '../../../shared/ports/Clock';
import type { Random } from '../../../shared/ports/Random';
import type { Sleeper } from '../../../shared/ports/Sleeper';
import { holdAfterGiveUp, paceAfterGiveUp } from '../../../shared/retry/paceAfterGiveUp';
import type { EngineSettings } from '../EngineSettings';

/**
 * The engine-wide pace of emissions to the endpoint after give-ups: no new emission before the
 * hold (a give-up's not-before: no racing through the queue), and give-ups that named no time
 * paced by doubling, capped, equal jitter (shared/retry/paceAfterGiveUp).
 */
export class Pacer {
  private holdUntil = 0;
  private consecutiveGiveUps = 0;

  constructor(
    private readonly settings: EngineSettings,
    private readonly clock: Clock,
    private readonly sleeper: Sleeper,
    private readonly random: Random,
  ) {}

  async waitHold(signal: AbortSignal): Promise<void> {
    for (;;) {
      const wait = this.holdUntil - this.clock.now();
      if (wait <= 0) return;
      await this.sleeper.sleep(wait, signal);
    }
  }

  /** The delay before the next try after a give-up that named no time. */
  pace(): number {
    const paced = paceAfterGiveUp(this.settings, this.consecutiveGiveUps, this.random.next());
    this.consecutiveGiveUps = paced.consecutiveGiveUps;
    return paced.delayMs;
  }

  succeeded(): void {
    this.consecutiveGiveUps = 0;
  }

  /** A call gave up: its not-before (at least paced) holds every emission. */
  gaveUp(giveUp: { readonly notBefore: number | undefined; readonly network: boolean }): number {
    const notBefore = Math.max(giveUp.notBefore ?? 0, this.clock.now() + this.pace());
    this.holdUntil = holdAfterGiveUp(
      this.settings,
      this.holdUntil,
      { notBefore, network: giveUp.network },
      this.clock.now(),
    );
    return notBefore;
  }
}

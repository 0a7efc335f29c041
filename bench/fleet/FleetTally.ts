/** What the fleet's clients did, per second from the simulation's start, summed over clients. */
export type TallySeries = {
  /** Circuits that opened (Depot's breaker; the SDK has none). */
  readonly circuitOpened: number[];
  /** Calls the retry layer gave up, by reason (`budget` is the SDK's retry quota or Depot's budget). */
  readonly gaveUp: Record<string, number[]>;
};

const bump = (series: number[], second: number): void => {
  while (series.length <= second) series.push(0);
  series[second] = (series[second] ?? 0) + 1;
};

/**
 * The clients' side of the figures, shared by every client of one run: the server counts what it
 * received and refused, this counts what the retry layers made of it (reading a SlowDown server's
 * effect needs both). Pure: time is passed in.
 */
export class FleetTally {
  readonly series: TallySeries = { circuitOpened: [], gaveUp: {} };

  constructor(readonly startedAt: number) {}

  circuitOpened(now: number): void {
    bump(this.series.circuitOpened, this.second(now));
  }

  gaveUp(now: number, reason: string): void {
    const series = (this.series.gaveUp[reason] ??= []);
    bump(series, this.second(now));
  }

  private second(now: number): number {
    return Math.max(0, Math.floor((now - this.startedAt) / 1000));
  }
}

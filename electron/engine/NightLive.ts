/**
 * What a night is doing now that no table holds, the engine's own (ADR 0037): the app forwards
 * it, the screen shows it. Engine time.
 */
export type NightLive = {
  /** A file waits for the network, and no byte was acknowledged since; or the circuit is open. */
  readonly waitingNetwork: boolean;
  /** A file waits for its card, pulled out of the reader. */
  readonly waitingCard: boolean;
  /** The earliest announced wait of its files; null when none waits. */
  readonly nextRetryAt: number | null;
};

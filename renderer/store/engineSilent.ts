/** Silent this long, the engine is said not to answer: well above a busy moment's delay. */
export const SILENT_AFTER_MS = 6_000;

export const engineSilent = (s: {
  readonly connected: boolean;
  readonly lastHeardAt: number;
  readonly now: number;
}): boolean => s.connected && s.now - s.lastHeardAt > SILENT_AFTER_MS;

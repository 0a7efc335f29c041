import { equalJitter } from './equalJitter';

/** The engine's pacing knobs (a subset of EngineSettings, which is not reachable from shared/). */
export type PaceSettings = {
  readonly paceBaseMs: number;
  readonly paceCapMs: number;
  readonly endpointHoldCapMs: number;
};

/** What the engine remembers between give-ups. */
export type PaceState = {
  readonly consecutiveGiveUps: number;
  /** No new emission to the endpoint before this (epoch ms). */
  readonly holdUntil: number;
};

// Past 2^20 the cap has long been reached; the bound keeps the power finite.
const MAX_DOUBLINGS = 20;

/**
 * The wait after a give-up that named no time: doubling with each consecutive give-up, capped,
 * with the policy's own equal jitter (so a fleet that gave up together does not come back
 * together). Returns the delay and the give-up count to remember.
 */
export const paceAfterGiveUp = (
  settings: Pick<PaceSettings, 'paceBaseMs' | 'paceCapMs'>,
  consecutiveGiveUps: number,
  random01: number,
): { readonly delayMs: number; readonly consecutiveGiveUps: number } => ({
  delayMs: equalJitter(
    settings.paceBaseMs,
    settings.paceCapMs,
    Math.min(consecutiveGiveUps, MAX_DOUBLINGS) + 1,
    random01,
  ),
  consecutiveGiveUps: consecutiveGiveUps + 1,
});

/**
 * The endpoint hold after a give-up: no worker emits before the give-up's not-before (so none
 * races through the queue), capped so that one file deferred for an hour does not hold every
 * other file that long. A network give-up holds nothing: the breaker already gates those.
 */
export const holdAfterGiveUp = (
  settings: Pick<PaceSettings, 'endpointHoldCapMs'>,
  holdUntil: number,
  giveUp: { readonly notBefore: number; readonly network: boolean },
  now: number,
): number =>
  giveUp.network
    ? holdUntil
    : Math.max(holdUntil, Math.min(giveUp.notBefore, now + settings.endpointHoldCapMs));

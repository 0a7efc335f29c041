import type { UnitActivity, UnitState } from '../../shared/domain/UnitState';
import { secondsUntil } from '../format/formatDuration';

/** What the night as a whole is going through now, which its files' rows must not contradict. */
export type NightNow = {
  /** The engine has said nothing for seconds ("Le moteur ne répond pas"): nothing is known live. */
  readonly engineSilent: boolean;
  readonly waitingNetwork: boolean;
  /** A 503 storm: waiting on the server, not on the network. */
  readonly serverDown: boolean;
};

export type RowStatus =
  | { readonly kind: 'engine-silent' }
  | { readonly kind: 'waiting-card' }
  | { readonly kind: 'server-unavailable' }
  | { readonly kind: 'waiting-network' }
  | { readonly kind: 'retry-wait'; readonly seconds: number }
  | { readonly kind: 'retrying' }
  | { readonly kind: 'state' };

const settled = (state: UnitState): boolean =>
  state.kind === 'done' ||
  state.kind === 'failed' ||
  state.kind === 'left-out' ||
  state.kind === 'deferred';

/**
 * What a file's row says now (issue 31, "the state on screen is now's state"): a settled file says
 * its state; a file under way says what its night is going through first (a silent engine, the
 * card, the server, the network), then its own wait, then its state. Never "▶ Envoi" under a
 * frozen engine, never a countdown under "En attente du réseau".
 */
export const rowStatusOf = (
  state: UnitState,
  activity: UnitActivity,
  night: NightNow,
  now: number,
): RowStatus => {
  if (settled(state)) return { kind: 'state' };
  const underWay = state.kind === 'in-progress' || activity.kind !== 'idle';
  if (night.engineSilent && underWay) return { kind: 'engine-silent' };
  if (activity.kind === 'waiting-card') return { kind: 'waiting-card' };
  if (night.serverDown && underWay) return { kind: 'server-unavailable' };
  if ((night.waitingNetwork && underWay) || activity.kind === 'waiting-network')
    return { kind: 'waiting-network' };
  if (activity.kind === 'retry-wait') {
    const seconds = secondsUntil(activity.nextAttemptAt, now);
    return seconds > 0 ? { kind: 'retry-wait', seconds } : { kind: 'retrying' };
  }
  return { kind: 'state' };
};

import { describe, expect, it } from 'vitest';
import type { UnitActivity, UnitState } from '../../../shared/domain/UnitState';
import type { NightNow } from '../../../renderer/live/rowStatusOf';
import { rowStatusOf } from '../../../renderer/live/rowStatusOf';

const calm: NightNow = { engineSilent: false, waitingNetwork: false, serverDown: false };
const sending: UnitState = { kind: 'in-progress' };
const wait: UnitActivity = { kind: 'retry-wait', nextAttemptAt: 12_000 };
const idle: UnitActivity = { kind: 'idle' };
const NOW = 10_000;

describe("a file's row says what happens now, under its night (issue 31)", () => {
  it.each<[string, UnitState, UnitActivity, NightNow, string]>([
    ['a countdown while it waits', sending, wait, calm, 'retry-wait'],
    ['"▶ Envoi" (its state) while it sends', sending, idle, calm, 'state'],
    [
      'no "▶ Envoi" under a frozen engine',
      sending,
      idle,
      { ...calm, engineSilent: true },
      'engine-silent',
    ],
    [
      'no countdown under a frozen engine',
      sending,
      wait,
      { ...calm, engineSilent: true },
      'engine-silent',
    ],
    [
      'no countdown under "En attente du réseau"',
      sending,
      wait,
      { ...calm, waitingNetwork: true },
      'waiting-network',
    ],
    [
      'no "▶ Envoi" under "En attente du réseau"',
      sending,
      idle,
      { ...calm, waitingNetwork: true },
      'waiting-network',
    ],
    [
      'no countdown under a 503 storm',
      sending,
      wait,
      { ...calm, serverDown: true },
      'server-unavailable',
    ],
    [
      'a queued file stays queued under the network wait',
      { kind: 'pending' },
      idle,
      { ...calm, waitingNetwork: true },
      'state',
    ],
    [
      'a settled file says its state whatever the night does',
      { kind: 'done', alreadyPresent: false },
      idle,
      { engineSilent: true, waitingNetwork: true, serverDown: true },
      'state',
    ],
    [
      'its card out, said before the network',
      sending,
      { kind: 'waiting-card' },
      { ...calm, waitingNetwork: true },
      'waiting-card',
    ],
  ])('%s', (_name, state, activity, night, kind) => {
    expect(rowStatusOf(state, activity, night, NOW).kind).toBe(kind);
  });

  it('counts down in whole seconds, then says the attempt is on its way, never "dans 0 s"', () => {
    expect(rowStatusOf(sending, wait, calm, NOW)).toEqual({ kind: 'retry-wait', seconds: 2 });
    expect(rowStatusOf(sending, wait, calm, 11_500)).toEqual({ kind: 'retry-wait', seconds: 1 });
    expect(rowStatusOf(sending, wait, calm, 12_000)).toEqual({ kind: 'retrying' });
  });
});

import { describe, expect, it } from 'vitest';
import type { UnitActivity, UnitState } from '../../../shared/domain/UnitState';
import type { NightNow } from '../../../renderer/live/rowStatusOf';
import { unitStatusShown } from '../../../renderer/live/unitStatusShown';
import { translator } from '../../../renderer/i18n/translate';

const calm: NightNow = { engineSilent: false, waitingNetwork: false, serverDown: false };
const idle: UnitActivity = { kind: 'idle' };
const NOW = 10_000;
const t = translator('fr');

const shown = (state: UnitState, activity: UnitActivity = idle, night = calm, wrong = false) =>
  unitStatusShown({ state, activity }, night, wrong, NOW, t, 'fr');

describe("a file's status as its row draws it: tone, symbol and words", () => {
  it.each<[string, UnitState, UnitActivity, NightNow, string, string, string]>([
    ['waiting', { kind: 'pending' }, idle, calm, '', '○', 'En attente'],
    ['sending', { kind: 'in-progress' }, idle, calm, 'sending', '▶', 'Envoi'],
    [
      'a countdown, quiet (an absorbed incident, never an error)',
      { kind: 'in-progress' },
      { kind: 'retry-wait', nextAttemptAt: 13_000 },
      calm,
      'quiet',
      '↻',
      'nouvelle tentative dans 3 s',
    ],
    [
      'under a frozen engine, nothing live',
      { kind: 'in-progress' },
      idle,
      { ...calm, engineSilent: true },
      'quiet',
      '…',
      'sans nouvelles du moteur',
    ],
    ['deposited', { kind: 'done', alreadyPresent: false }, idle, calm, 'ok', '✓', 'Déposé'],
    [
      'already there',
      { kind: 'done', alreadyPresent: true },
      idle,
      calm,
      'ok',
      '✓',
      'Déjà présent',
    ],
    [
      'deposited by a key that may not read it back: never "verified"',
      { kind: 'done', alreadyPresent: false, unverifiable: true },
      idle,
      calm,
      'quiet',
      '✓?',
      'Déposé, non vérifiable avec cette clé',
    ],
  ])('%s', (_, state, activity, night, tone, symbol, text) => {
    expect(shown(state, activity, night)).toMatchObject({ tone, symbol, text });
  });

  it('a failure names its cause, or the wrong address when the night has one', () => {
    const failed: UnitState = {
      kind: 'failed',
      cause: { kind: 'refused', status: 400, code: 'InvalidArgument' },
    };
    expect(shown(failed).text).toMatch(/^Échec · ./);
    expect(shown(failed, idle, calm, true)).toEqual({
      tone: 'bad',
      status: 'failed',
      symbol: '✗',
      text: t('unit.wrongAddress'),
    });
  });
});

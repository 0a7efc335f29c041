import type { UnitActivity, UnitState } from '../../shared/domain/UnitState';
import type { Locale } from '../../shared/ipc/views';
import { causeTitle } from '../failures/causeKeys';
import { formatWhen } from '../format/formatClock';
import type { Translate } from '../i18n/translate';
import { rowStatusOf } from './rowStatusOf';
import type { NightNow } from './rowStatusOf';

/** How a unit's status is drawn: its tone (a CSS class), its name for the tests, symbol and words. */
export type UnitStatusShown = {
  readonly tone: '' | 'quiet' | 'sending' | 'ok' | 'bad';
  readonly status: string;
  readonly symbol: string;
  readonly text: string;
};

/**
 * A unit's state in words with a symbol, under what its night goes through now (`rowStatusOf`).
 * A waiting retry is an absorbed incident: a discreet countdown, never an error.
 */
export const unitStatusShown = (
  unit: { readonly state: UnitState; readonly activity: UnitActivity },
  night: NightNow,
  wrongAddress: boolean,
  now: number,
  t: Translate,
  locale: Locale,
): UnitStatusShown => {
  const { state } = unit;
  const live = rowStatusOf(state, unit.activity, night, now);
  const quiet = (status: string, symbol: string, text: string): UnitStatusShown => ({
    tone: 'quiet',
    status,
    symbol,
    text,
  });
  switch (live.kind) {
    case 'engine-silent':
      return quiet('engine-silent', '…', t('unit.engineSilent'));
    case 'retry-wait':
      return quiet('retry-wait', '↻', t('unit.retryIn', { seconds: live.seconds }));
    case 'retrying':
      return quiet('retrying', '↻', t('unit.retrying'));
    case 'waiting-card':
      return quiet('waiting-card', '⏏', t('unit.waitingCard'));
    case 'server-unavailable':
      return quiet('server-unavailable', '⚠', t('unit.serverUnavailable'));
    case 'waiting-network':
      return quiet('waiting-network', '⌁', t('unit.waitingNetwork'));
    case 'state':
      break;
  }
  switch (state.kind) {
    case 'pending':
      return { tone: '', status: 'pending', symbol: '○', text: t('unit.pending') };
    case 'in-progress':
      return { tone: 'sending', status: 'in-progress', symbol: '▶', text: t('unit.in-progress') };
    case 'deferred':
      return quiet(
        'deferred',
        '◷',
        t('unit.deferred', { time: formatWhen(state.notBefore, now, locale) }),
      );
    case 'done':
      // Deposited by a key that may not read it back: never shown as verified (issue 29).
      if (state.unverifiable === true) return quiet('unverifiable', '✓?', t('unit.unverifiable'));
      return {
        tone: 'ok',
        status: 'done',
        symbol: '✓',
        text: state.alreadyPresent ? t('unit.alreadyPresent') : t('unit.done'),
      };
    case 'left-out':
      return quiet('left-out', '⊘', t('unit.leftOut'));
    case 'failed':
      // A web page "accepted" the bytes: not the server's verdict, and retrying there is useless.
      return {
        tone: 'bad',
        status: 'failed',
        symbol: '✗',
        text: wrongAddress
          ? t('unit.wrongAddress')
          : `${t('unit.failed')} · ${causeTitle(state.cause, t)}`,
      };
  }
};

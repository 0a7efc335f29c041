import type { UnitActivity, UnitState } from '../../shared/domain/UnitState';
import { causeTitle } from '../failures/causeKeys';
import { formatWhen } from '../format/formatClock';
import { useT } from '../i18n/useT';
import { rowStatusOf } from '../live/rowStatusOf';
import type { NightNow } from '../live/rowStatusOf';
import { useDepotStore } from '../store/useDepotStore';

type Props = {
  readonly state: UnitState;
  readonly activity: UnitActivity;
  /** What the night goes through now: its rows never contradict it (issue 31). */
  readonly night: NightNow;
  /** The night's address is wrong: what its files met there is that, not a server's answer. */
  readonly wrongAddress?: boolean;
};

/**
 * A unit's state in words with a symbol, under what its night goes through now (`rowStatusOf`).
 * A waiting retry is an absorbed incident: shown as a discreet countdown, never as an error.
 */
export const UnitStatus = ({ state, activity, night, wrongAddress = false }: Props) => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const now = useDepotStore((s) => s.now);
  const live = rowStatusOf(state, activity, night, now);
  switch (live.kind) {
    case 'engine-silent':
      return (
        <span className="unit-status quiet" data-status="engine-silent">
          <span aria-hidden="true">…</span> {t('unit.engineSilent')}
        </span>
      );
    case 'retry-wait':
      return (
        <span className="unit-status quiet" data-status="retry-wait">
          <span aria-hidden="true">↻</span> {t('unit.retryIn', { seconds: live.seconds })}
        </span>
      );
    case 'retrying':
      return (
        <span className="unit-status quiet" data-status="retrying">
          <span aria-hidden="true">↻</span> {t('unit.retrying')}
        </span>
      );
    case 'waiting-card':
      return (
        <span className="unit-status quiet" data-status="waiting-card">
          <span aria-hidden="true">⏏</span> {t('unit.waitingCard')}
        </span>
      );
    case 'server-unavailable':
      return (
        <span className="unit-status quiet" data-status="server-unavailable">
          <span aria-hidden="true">⚠</span> {t('unit.serverUnavailable')}
        </span>
      );
    case 'waiting-network':
      return (
        <span className="unit-status quiet" data-status="waiting-network">
          <span aria-hidden="true">⌁</span> {t('unit.waitingNetwork')}
        </span>
      );
    case 'state':
      break;
  }
  switch (state.kind) {
    case 'pending':
      return (
        <span className="unit-status" data-status="pending">
          <span aria-hidden="true">○</span> {t('unit.pending')}
        </span>
      );
    case 'in-progress':
      return (
        <span className="unit-status sending" data-status="in-progress">
          <span aria-hidden="true">▶</span> {t('unit.in-progress')}
        </span>
      );
    case 'deferred':
      return (
        <span className="unit-status quiet" data-status="deferred">
          <span aria-hidden="true">◷</span>{' '}
          {t('unit.deferred', { time: formatWhen(state.notBefore, now, locale) })}
        </span>
      );
    case 'done':
      // Deposited by a key that may not read it back: never shown as verified (issue 29).
      if (state.unverifiable === true) {
        return (
          <span className="unit-status quiet" data-status="unverifiable">
            <span aria-hidden="true">✓?</span> {t('unit.unverifiable')}
          </span>
        );
      }
      return (
        <span className="unit-status ok" data-status="done">
          <span aria-hidden="true">✓</span>{' '}
          {state.alreadyPresent ? t('unit.alreadyPresent') : t('unit.done')}
        </span>
      );
    case 'left-out':
      return (
        <span className="unit-status quiet" data-status="left-out">
          <span aria-hidden="true">⊘</span> {t('unit.leftOut')}
        </span>
      );
    case 'failed':
      // A web page "accepted" the bytes: not the server's verdict, and retrying there is useless.
      if (wrongAddress)
        return (
          <span className="unit-status bad" data-status="failed">
            <span aria-hidden="true">✗</span> {t('unit.wrongAddress')}
          </span>
        );
      return (
        <span className="unit-status bad" data-status="failed">
          <span aria-hidden="true">✗</span> {t('unit.failed')} · {causeTitle(state.cause, t)}
        </span>
      );
  }
};

import type { UnitActivity, UnitState } from '../../shared/domain/UnitState';
import { causeTitle } from '../failures/causeKeys';
import { formatWhen } from '../format/formatClock';
import { secondsUntil } from '../format/formatDuration';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';

type Props = {
  readonly state: UnitState;
  readonly activity: UnitActivity;
  /** The night waits on a server in a 503 storm, not on the network. */
  readonly serverDown?: boolean;
  /** The night's address is wrong: what its files met there is that, not a server's answer. */
  readonly wrongAddress?: boolean;
};

/**
 * A unit's state in words with a symbol. A waiting retry is an absorbed incident: shown as a
 * discreet countdown, never as an error.
 */
export const UnitStatus = ({
  state,
  activity,
  serverDown = false,
  wrongAddress = false,
}: Props) => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const now = useDepotStore((s) => s.now);
  if (activity.kind === 'retry-wait' && state.kind !== 'done' && state.kind !== 'failed') {
    const seconds = secondsUntil(activity.nextAttemptAt, now);
    return (
      <span className="unit-status quiet" data-status={seconds > 0 ? 'retry-wait' : 'retrying'}>
        <span aria-hidden="true">↻</span>{' '}
        {seconds > 0 ? t('unit.retryIn', { seconds }) : t('unit.retrying')}
      </span>
    );
  }
  if (activity.kind === 'waiting-card' && state.kind !== 'done' && state.kind !== 'failed') {
    return (
      <span className="unit-status quiet" data-status="waiting-card">
        <span aria-hidden="true">⏏</span> {t('unit.waitingCard')}
      </span>
    );
  }
  // In a 503 storm a file holding a slot is not being sent, whatever its last attempt was doing:
  // "Envoi" beside the banner "Serveur indisponible" would contradict it.
  const waitsForServer = serverDown && state.kind === 'in-progress';
  if (
    waitsForServer ||
    (activity.kind === 'waiting-network' && state.kind !== 'done' && state.kind !== 'failed')
  ) {
    return serverDown ? (
      <span className="unit-status quiet" data-status="server-unavailable">
        <span aria-hidden="true">⚠</span> {t('unit.serverUnavailable')}
      </span>
    ) : (
      <span className="unit-status quiet" data-status="waiting-network">
        <span aria-hidden="true">⌁</span> {t('unit.waitingNetwork')}
      </span>
    );
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

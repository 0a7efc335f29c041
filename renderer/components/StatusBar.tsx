import { causeTitle } from '../failures/causeKeys';
import { formatWhen } from '../format/formatClock';
import { formatDuration, secondsUntil } from '../format/formatDuration';
import { formatPercent } from '../format/formatPercent';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';

/** One line at the bottom: what the current night is doing, including absorbed incidents. */
export const StatusBar = () => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const now = useDepotStore((s) => s.now);
  const connected = useDepotStore((s) => s.connected);
  const plan = useDepotStore(
    (s) =>
      s.plans.find((p) => p.id === s.currentPlanId) ??
      s.plans.find(
        (p) => p.state === 'running' || p.state === 'waiting-network' || p.state === 'waiting-card',
      ),
  );
  const everConnected = useDepotStore((s) => s.everConnected);
  const keepingAwake = useDepotStore((s) => s.keepingAwake);
  let text = t('status.idle');
  let kind = 'idle';
  if (!connected) {
    // Never reached since the page opened: the address itself is likely old.
    text = everConnected ? t('app.engineGone') : t('app.neverConnected');
    kind = 'disconnected';
  } else if (plan !== undefined) {
    const retryIn = plan.nextRetryAt === null ? null : secondsUntil(plan.nextRetryAt, now);
    if (plan.blocker !== null) {
      text = t('blocker.title', { cause: causeTitle(plan.blocker, t) });
      kind = 'blocked';
    } else if (plan.state === 'done') {
      text = t('status.done');
      kind = 'done';
    } else if (plan.state === 'server-unavailable') {
      text = t('status.serverUnavailable');
      kind = 'server-unavailable';
    } else if (plan.state === 'waiting-card') {
      text = t('status.waitingCard');
      kind = 'waiting-card';
    } else if (plan.state === 'waiting-network') {
      text = t('status.waitingNetwork');
      kind = 'waiting-network';
    } else if (retryIn !== null && retryIn > 0) {
      text = t('status.retryIn', { seconds: retryIn });
      kind = 'retry-wait';
    } else if (retryIn === 0 && plan.state === 'running') {
      // The moment has come: the attempt is on its way, never "dans 0 s".
      text = t('status.retrying');
      kind = 'retrying';
    } else if (plan.state === 'deferred' && plan.deferredUntil !== null) {
      text = t('status.deferredUntil', {
        time: formatWhen(plan.deferredUntil, now, locale),
        left: formatDuration(secondsUntil(plan.deferredUntil, now), locale),
      });
      kind = 'deferred';
    } else if (plan.state === 'running') {
      text = t('status.running', {
        percent: formatPercent(plan.bytesAcked, plan.bytesTotal, locale),
      });
      kind = 'running';
    } else {
      text = t(`state.${plan.state}`);
      kind = plan.state;
    }
  }
  return (
    <footer className="status-bar" role="status" aria-live="polite" data-status={kind}>
      {text}
      {connected && keepingAwake && (
        <span className="keep-awake" data-testid="keep-awake">
          {' · '}
          {t('status.keepAwake')}
        </span>
      )}
    </footer>
  );
};

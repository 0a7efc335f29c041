import { formatClock } from '../format/formatClock';
import { secondsUntil } from '../format/formatDuration';
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
      s.plans.find((p) => p.state === 'running' || p.state === 'waiting-network'),
  );
  let text = t('status.idle');
  let kind = 'idle';
  if (!connected) {
    text = t('app.connectionLost');
    kind = 'disconnected';
  } else if (plan !== undefined) {
    if (plan.state === 'done') {
      text = t('status.done');
      kind = 'done';
    } else if (plan.state === 'waiting-network') {
      text = t('status.waitingNetwork');
      kind = 'waiting-network';
    } else if (plan.nextRetryAt !== null && plan.nextRetryAt > now - 1000) {
      text = t('status.retryIn', { seconds: secondsUntil(plan.nextRetryAt, now) });
      kind = 'retry-wait';
    } else if (plan.state === 'deferred' && plan.deferredUntil !== null) {
      text = t('status.deferredUntil', { time: formatClock(plan.deferredUntil, locale) });
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
    </footer>
  );
};

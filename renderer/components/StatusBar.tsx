import type { Locale, PlanView } from '../../shared/ipc/views';
import { causeTitle } from '../failures/causeKeys';
import { formatWhen } from '../format/formatClock';
import { formatDuration, secondsUntil } from '../format/formatDuration';
import { formatPercent } from '../format/formatPercent';
import type { Translate } from '../i18n/translate';
import { useLanguage } from '../i18n/useLanguage';
import { nextRetryOf } from '../live/applyUnitEvent';
import { planLabel } from '../format/planLabel';
import { SILENT_AFTER_MS, engineSilent, useDepotStore } from '../store/useDepotStore';

type Said = { readonly text: string; readonly kind: string };

/** How urgent a state is for the one line that speaks for several nights: the first wins. */
const URGENCY = [
  'blocked',
  'address',
  'waiting-card',
  'waiting-network',
  'server-unavailable',
  'retry-wait',
  'retrying',
  'removing',
  'deferred',
  'running',
];

/**
 * What one night is doing now, in a few words; its countdown from the same pushed events as its
 * rows' (`nextRetryOf`), so that a wait has one countdown, bar and row alike.
 */
const sayOf = (
  plan: PlanView,
  nextRetryAt: number | null,
  now: number,
  t: Translate,
  locale: Locale,
): Said => {
  const retryIn = nextRetryAt === null ? null : secondsUntil(nextRetryAt, now);
  if (plan.addressProblem !== null)
    return {
      text: t(`address.${plan.addressProblem.kind}.short`, { endpoint: plan.endpoint }),
      kind: 'address',
    };
  if (plan.blocker !== null)
    return {
      text: t('blocker.title', { cause: causeTitle(plan.blocker, t) }),
      kind: 'blocked',
    };
  if (plan.state === 'done') return { text: t('status.done'), kind: 'done' };
  if (plan.state === 'removing')
    return {
      text: t('status.removing', { pending: plan.removal?.pending ?? 0 }),
      kind: 'removing',
    };
  if (plan.state === 'server-unavailable')
    return { text: t('status.serverUnavailable'), kind: 'server-unavailable' };
  if (plan.state === 'waiting-card') return { text: t('status.waitingCard'), kind: 'waiting-card' };
  if (plan.state === 'waiting-network')
    return { text: t('status.waitingNetwork'), kind: 'waiting-network' };
  if (retryIn !== null && retryIn > 0)
    return { text: t('status.retryIn', { seconds: retryIn }), kind: 'retry-wait' };
  // The moment has come: the attempt is on its way, never "dans 0 s".
  if (retryIn === 0 && plan.state === 'running')
    return { text: t('status.retrying'), kind: 'retrying' };
  if (plan.state === 'deferred' && plan.deferredUntil !== null)
    return {
      text: t('status.deferredUntil', {
        time: formatWhen(plan.deferredUntil, now, locale),
        left: formatDuration(secondsUntil(plan.deferredUntil, now), locale),
      }),
      kind: 'deferred',
    };
  if (plan.state === 'running')
    return {
      text: t('status.running', {
        percent: formatPercent(plan.bytesAcked, plan.bytesTotal, locale),
      }),
      kind: 'running',
    };
  return { text: t(`state.${plan.state}`), kind: plan.state };
};

/** Nights this process works on now, or that will start again by themselves. */
const isActive = (p: PlanView): boolean =>
  p.running || p.state === 'deferred' || p.state === 'removing';

/**
 * One line at the bottom: what is happening now (issue 31), for every night that is depositing
 * (the night opened first), the engine named when it stops answering, never the last word of a
 * finished night under another that is still going.
 */
export const StatusBar = () => {
  const { t, locale } = useLanguage();
  const now = useDepotStore((s) => s.now);
  const connected = useDepotStore((s) => s.connected);
  const silent = useDepotStore(engineSilent);
  const lastHeardAt = useDepotStore((s) => s.lastHeardAt);
  const plans = useDepotStore((s) => s.plans);
  const currentPlanId = useDepotStore((s) => s.currentPlanId);
  const everConnected = useDepotStore((s) => s.everConnected);
  const keepingAwake = useDepotStore((s) => s.keepingAwake);
  const waits = useDepotStore((s) => s.waits);
  const say = (plan: PlanView): Said => sayOf(plan, nextRetryOf(plan, waits), now, t, locale);
  let said: Said = { text: t('status.idle'), kind: 'idle' };
  const current = plans.find((p) => p.id === currentPlanId);
  const active = plans
    .filter(isActive)
    .sort((a, b) => (a.id === currentPlanId ? -1 : b.id === currentPlanId ? 1 : 0));
  if (!connected) {
    // Never reached since the page opened: the address itself is likely old.
    said = {
      text: everConnected ? t('app.engineGone') : t('app.neverConnected'),
      kind: 'disconnected',
    };
  } else if (silent) {
    said = {
      text: t('status.engineSilent', {
        seconds: Math.max(
          Math.round(SILENT_AFTER_MS / 1000),
          Math.round((now - lastHeardAt) / 1000),
        ),
      }),
      kind: 'engine-silent',
    };
  } else if (active.length > 1) {
    const each = active.map((p) => ({ plan: p, said: say(p) }));
    const kind =
      URGENCY.find((k) => each.some((e) => e.said.kind === k)) ?? each[0]?.said.kind ?? 'running';
    said = {
      text: `${t('status.several', { count: active.length })} ${each
        .map((e) => t('status.nightSays', { night: planLabel(e.plan, locale), text: e.said.text }))
        .join(' · ')}`,
      kind,
    };
  } else if (active.length === 1 && active[0] !== undefined) {
    const only = active[0];
    const one = say(only);
    // Another night is open on screen: the line says which night it speaks for.
    said =
      current === undefined || current.id === only.id
        ? one
        : {
            text: t('status.nightSays', { night: planLabel(only, locale), text: one.text }),
            kind: one.kind,
          };
  } else if (current !== undefined) {
    said = say(current);
  }
  return (
    <footer className="status-bar" role="status" aria-live="polite" data-status={said.kind}>
      {said.text}
      {connected && !silent && keepingAwake && (
        <span className="keep-awake" data-testid="keep-awake">
          {' · '}
          {t('status.keepAwake')}
        </span>
      )}
    </footer>
  );
};

import type { DepotApi } from '../../shared/ipc/DepotApi';
import type { PlanView } from '../../shared/ipc/views';
import type { DepotSlice } from './DepotState';

type SliceArgs = Parameters<DepotSlice<unknown>>;

const depositing: ReadonlySet<PlanView['state']> = new Set([
  'running',
  'waiting-network',
  'waiting-card',
  'server-unavailable',
  'deferred',
]);

/**
 * What the page reads once its engine is known: the language and whether storage is set, the
 * power state, the nights; and the night to open, the one depositing if there is one.
 */
export const readAtStart = async (
  api: DepotApi,
  set: SliceArgs[0],
  get: SliceArgs[1],
): Promise<void> => {
  const settings = await api.settings.get();
  if (settings.ok) {
    get().setLocale(settings.value.locale);
    const s = settings.value;
    set({ configured: s.endpoint !== '' && s.bucket !== '' && s.credentials === 'set' });
  }
  const info = await api.app.info();
  if (info.ok) set({ keepingAwake: info.value.keepingAwake ?? false });
  await get().refreshPlans();
  // The app reopens on the night that is depositing, if one is.
  const running = get().plans.find((p) => depositing.has(p.state));
  const open = running ?? get().plans.find((p) => p.state !== 'done');
  if (open !== undefined && get().currentPlanId === null) {
    set(
      running === undefined
        ? { currentPlanId: open.id }
        : { currentPlanId: open.id, screen: 'current' },
    );
  }
};

import type { PlanView } from '../../shared/ipc/views';
import type { Handlers } from '../ipc/Handlers';
import { IpcFailure } from '../ipc/IpcFailure';
import type { BackendParts } from './BackendParts';
import { planIdOf } from './planIdOf';

type PlanHandlers = Pick<
  Handlers,
  'plans.list' | 'plans.get' | 'plans.pause' | 'plans.archive' | 'plans.forget' | 'plans.resume'
>;

const list = ({ config, views }: BackendParts): readonly PlanView[] => {
  const handle = config.handle;
  return handle === undefined
    ? []
    : [...handle.engine.listPlans()]
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((s) => views.view(s));
};

const pause = ({ config, views, relay }: BackendParts, planId: string): PlanView => {
  const id = planIdOf(planId);
  config.requireEngine().engine.pause(id);
  relay.markDirty(id);
  return views.planView(id);
};

const archive = async (
  { config, views, relay }: BackendParts,
  planId: string,
  archived: boolean,
): Promise<PlanView> => {
  const id = planIdOf(planId);
  const view = views.planView(id);
  await config.archived?.set(id, archived);
  relay.emit({ type: 'plans-changed' });
  return { ...view, archived };
};

const forget = async (
  { config, views, runs, relay }: BackendParts,
  planId: string,
): Promise<{ forgotten: string }> => {
  const id = planIdOf(planId);
  views.planView(id);
  const { engine } = config.requireEngine();
  // Only a night nothing deposits: a pause first, so no run writes into rows being removed.
  if (runs.has(id)) {
    throw new IpcFailure('blocked', `plan ${id} is depositing: pause it first`, {
      kind: 'night-depositing',
    });
  }
  runs.refuseIfHeldElsewhere(engine, id);
  engine.forget(id);
  views.forget(id);
  await config.archived?.set(id, false);
  relay.emit({ type: 'plans-changed' });
  return { forgotten: String(id) };
};

const resume = ({ config, views, runs }: BackendParts, planId: string): PlanView => {
  const id = planIdOf(planId);
  const { engine } = config.requireEngine();
  runs.refuseIfHeldElsewhere(engine, id);
  // Files gone with their card and back count as "to retry": Reprendre takes them too.
  engine.resume(id);
  if (views.overlay(id).blocked !== null) runs.unblock(id);
  else runs.start(id);
  return views.planView(id);
};

/** The nights as the volunteer handles them on "Nuits": listed, opened, paused, resumed, put away. */
export const planHandlers = (parts: BackendParts): PlanHandlers => ({
  'plans.list': () => Promise.resolve(list(parts)),
  'plans.get': ({ planId }) => Promise.resolve(parts.views.planView(planIdOf(planId))),
  'plans.pause': ({ planId }) => Promise.resolve(pause(parts, planId)),
  'plans.archive': ({ planId, archived }) => archive(parts, planId, archived),
  'plans.forget': ({ planId }) => forget(parts, planId),
  'plans.resume': ({ planId }) => Promise.resolve(resume(parts, planId)),
});

import { remedyOf } from '../../shared/domain/FailureCause';
import type { MethodOutput } from '../../shared/ipc/contract';
import type { Handlers } from '../ipc/Handlers';
import type { BackendParts } from './BackendParts';
import { planIdOf } from './planIdOf';

type UnitHandlers = Pick<Handlers, 'units.list' | 'units.failures' | 'units.retryFailures'>;

const failures = ({ config }: BackendParts, planId: string): MethodOutput<'units.failures'> => {
  const id = planIdOf(planId);
  const { engine } = config.requireEngine();
  const page = engine.listUnits(id, { offset: 0, limit: 100_000, filter: 'failed' });
  return page.units.flatMap((u) =>
    u.state.kind === 'failed'
      ? [
          {
            unitId: String(u.id),
            relPath: u.relPath,
            size: u.size,
            cause: u.state.cause,
            remedy: remedyOf(u.state.cause),
          },
        ]
      : [],
  );
};

const retryFailures = (
  { config, views, runs, relay }: BackendParts,
  planId: string,
): MethodOutput<'units.retryFailures'> => {
  const id = planIdOf(planId);
  const result = config.requireEngine().engine.retryFailures(id);
  views.overlay(id).blocked = null;
  if (result.requeued + result.lifted > 0) runs.start(id);
  relay.markDirty(id);
  return result;
};

/** A night's files: a page of them, its failures, and "Réessayer" on those. */
export const unitHandlers = (parts: BackendParts): UnitHandlers => ({
  'units.list': ({ planId, offset, limit, filter }) => {
    const id = planIdOf(planId);
    const page = parts.config.requireEngine().engine.listUnits(id, { offset, limit, filter });
    return Promise.resolve({
      total: page.total,
      offset,
      units: page.units.map((u) => parts.views.unitView(u)),
    });
  },
  'units.failures': ({ planId }) => Promise.resolve(failures(parts, planId)),
  'units.retryFailures': ({ planId }) => Promise.resolve(retryFailures(parts, planId)),
});

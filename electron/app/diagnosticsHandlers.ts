import type { Handlers } from '../ipc/Handlers';
import type { BackendConfig } from './BackendConfig';
import { buildDiagnosticsExport } from './buildDiagnosticsExport';
import type { DepotBackendDeps } from './DepotBackendDeps';
import type { PlanViews } from './PlanViews';

type DiagnosticsHandlers = Pick<
  Handlers,
  'diagnostics.counters' | 'diagnostics.journal' | 'diagnostics.export'
>;

/** The retry policy's counters, the journal and the export a volunteer sends when asked. */
export const diagnosticsHandlers = (
  config: BackendConfig,
  views: PlanViews,
  deps: Pick<DepotBackendDeps, 'clock' | 'version' | 'mode' | 'secrets'>,
): DiagnosticsHandlers => ({
  'diagnostics.counters': () => Promise.resolve(views.countersView()),
  'diagnostics.journal': ({ limit }) =>
    Promise.resolve(
      (config.handle?.engine.journal({ limit }) ?? []).map((e) => ({
        at: e.at,
        operation: e.operation,
        outcome: e.outcome,
        attempt: e.attempt,
        delayMs: e.delayMs,
        planId: e.planId,
      })),
    ),
  'diagnostics.export': () => {
    const engine = config.handle?.engine;
    return Promise.resolve(
      buildDiagnosticsExport({
        now: deps.clock.now(),
        version: deps.version,
        mode: deps.mode,
        settings: config.settings,
        credentials: config.credentials === undefined ? 'not-set' : 'set',
        secretStorage: deps.secrets.kind,
        counters: views.countersView(),
        plans: engine === undefined ? [] : engine.listPlans().map((s) => views.view(s)),
        journal: engine?.journal({ limit: 2000 }) ?? [],
      }),
    );
  },
});

import type { MethodInput, MethodName, MethodOutput } from './contract';
import type { DepotApi, DepotTransport } from './DepotApi';
import type { Result } from './Result';

/**
 * Builds the API object from a transport. Every method is listed by hand so `satisfies DepotApi`
 * rejects a missing or extra one; the preload and the bridge client share this one listing.
 */
export const createDepotApi = (transport: DepotTransport): DepotApi => {
  const m =
    <K extends MethodName>(method: K) =>
    (input?: MethodInput<K>): Promise<Result<MethodOutput<K>>> =>
      transport.call(method, input);
  const api = {
    app: { info: m('app.info') },
    plans: {
      list: m('plans.list'),
      get: m('plans.get'),
      create: m('plans.create'),
      pause: m('plans.pause'),
      resume: m('plans.resume'),
      archive: m('plans.archive'),
      forget: m('plans.forget'),
      previewDestination: m('plans.previewDestination'),
      previewNames: m('plans.previewNames'),
      ownObjects: m('plans.ownObjects'),
      previewCorrection: m('plans.previewCorrection'),
      correct: m('plans.correct'),
      removeFromServer: m('plans.removeFromServer'),
      removals: m('plans.removals'),
      card: m('plans.card'),
    },
    units: {
      list: m('units.list'),
      failures: m('units.failures'),
      retryFailures: m('units.retryFailures'),
      conflict: m('units.conflict'),
      settle: m('units.settle'),
    },
    settings: {
      get: m('settings.get'),
      set: m('settings.set'),
      testConnection: m('settings.testConnection'),
    },
    programme: {
      import: m('programme.import'),
      remove: m('programme.remove'),
    },
    diagnostics: {
      counters: m('diagnostics.counters'),
      journal: m('diagnostics.journal'),
      export: m('diagnostics.export'),
    },
    dialog: {
      chooseFolder: m('dialog.chooseFolder'),
      chooseProgramme: m('dialog.chooseProgramme'),
    },
    preflight: { run: m('preflight.run') },
    portal: {
      get: m('portal.get'),
      openSignIn: m('portal.openSignIn'),
      signIn: m('portal.signIn'),
      signOut: m('portal.signOut'),
      participations: m('portal.participations'),
      createParticipation: m('portal.createParticipation'),
      night: m('portal.night'),
      startAnalysis: m('portal.startAnalysis'),
    },
    events: { subscribe: (listener) => transport.subscribe(listener) },
  } satisfies DepotApi;
  return api;
};

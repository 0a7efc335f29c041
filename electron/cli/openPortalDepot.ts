import { createEngineStack } from '../runtime/createEngineStack';
import type { DepositEngine } from '../engine/DepositEngine';
import type { EngineSettings } from '../engine/EngineSettings';
import { noObjectStore } from '../portal/noObjectStore';
import { VigieChiroPortal } from '../portal/VigieChiroPortal';
import { APP_VERSION } from '../runtime/appVersion';
import { openDatabase } from '../store/openDatabase';
import { PlanStore } from '../store/PlanStore';

export type PortalDepot = {
  readonly store: PlanStore;
  readonly engine: DepositEngine;
  readonly portal: VigieChiroPortal;
  close(): void;
};

/**
 * The real ports wired for one command that talks to a programme's portal (ADR 0032): the SQLite
 * plan, the Vigie-Chiro adapter with the volunteer's token (never logged), no bucket, the engine.
 * A night of another portal, or an S3 night, is not this command's: it waits blocked.
 */
export const openPortalDepot = (w: {
  readonly dbPath: string;
  readonly api: string;
  readonly token: string;
  readonly settings: Partial<EngineSettings>;
}): PortalDepot => {
  const portal = new VigieChiroPortal({ api: w.api, token: () => w.token });
  const store = new PlanStore(openDatabase(w.dbPath));
  const { engine } = createEngineStack({
    store,
    objectStore: noObjectStore,
    portalFor: (target) =>
      target.kind === portal.target.kind && target.api === portal.target.api ? portal : undefined,
    settings: { appVersion: APP_VERSION, ...w.settings },
  });
  return {
    store,
    engine,
    portal,
    close: () => {
      portal.destroy();
      store.close();
    },
  };
};

import { createEngineStack } from '../runtime/createEngineStack';
import { APP_VERSION } from '../runtime/appVersion';
import type { EngineStack } from '../runtime/createEngineStack';
import type { EngineSettings } from '../engine/EngineSettings';
import { openDatabase } from '../store/openDatabase';
import { PlanStore } from '../store/PlanStore';
import type { Credentials } from './resolveCredentials';

export type DepotWiring = {
  readonly dbPath: string;
  readonly endpoint: string;
  readonly region: string;
  readonly bucket: string;
  readonly pathStyle: boolean;
  readonly credentials: Credentials;
  readonly settings: Partial<EngineSettings>;
};

export type Depot = EngineStack & {
  close(): void;
};

/** The real ports wired together for one command: SQLite plan, S3 endpoint, retry policy, engine. */
export const openDepot = (w: DepotWiring): Depot => {
  const stack = createEngineStack({
    store: new PlanStore(openDatabase(w.dbPath)),
    s3: {
      endpoint: w.endpoint,
      region: w.region,
      bucket: w.bucket,
      credentials: w.credentials,
      forcePathStyle: w.pathStyle,
    },
    settings: { appVersion: APP_VERSION, ...w.settings },
  });
  return {
    ...stack,
    close: () => {
      stack.objectStore.destroy();
      stack.store.close();
    },
  };
};

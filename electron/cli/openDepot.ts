import { readFileSync } from 'node:fs';
import { RetryPolicy } from '../../shared/retry/RetryPolicy';
import { DepositEngine } from '../engine/DepositEngine';
import type { EngineSettings } from '../engine/EngineSettings';
import { systemClock } from '../runtime/systemClock';
import { systemRandom } from '../runtime/systemRandom';
import { timerSleeper } from '../runtime/timerSleeper';
import { S3ObjectStore } from '../s3/S3ObjectStore';
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

export type Depot = {
  readonly store: PlanStore;
  readonly objectStore: S3ObjectStore;
  readonly policy: RetryPolicy;
  readonly engine: DepositEngine;
  close(): void;
};

/** The version written in manifests: package.json's, read once from the checkout. */
const appVersion = ((): string => {
  try {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();

/** The real ports wired together for one command: SQLite plan, S3 endpoint, retry policy, engine. */
export const openDepot = (w: DepotWiring): Depot => {
  const store = new PlanStore(openDatabase(w.dbPath));
  const objectStore = new S3ObjectStore({
    endpoint: w.endpoint,
    region: w.region,
    bucket: w.bucket,
    credentials: w.credentials,
    forcePathStyle: w.pathStyle,
  });
  const policy = new RetryPolicy({
    clock: systemClock,
    sleeper: timerSleeper,
    random: systemRandom,
  });
  const engine = new DepositEngine({
    store,
    objectStore,
    policy,
    clock: systemClock,
    sleeper: timerSleeper,
    random: systemRandom,
    settings: { appVersion, ...w.settings },
  });
  return {
    store,
    objectStore,
    policy,
    engine,
    close: () => {
      objectStore.destroy();
      store.close();
    },
  };
};

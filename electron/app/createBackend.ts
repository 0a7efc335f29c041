import { join } from 'node:path';
import { expandPrefix } from '../../shared/field/expandPrefix';
import type { StorageTarget } from '../../shared/domain/StorageTarget';
import type { ChosenFolder } from '../../shared/ipc/views';
import { createEngineStack } from '../runtime/createEngineStack';
import { APP_VERSION } from '../runtime/appVersion';
import { monotonicClock } from '../runtime/monotonicClock';
import { systemClock } from '../runtime/systemClock';
import { timerSleeper } from '../runtime/timerSleeper';
import { S3ObjectStore } from '../s3/S3ObjectStore';
import type { S3ObjectStoreOptions } from '../s3/S3ObjectStore';
import { openDatabase } from '../store/openDatabase';
import { PlanStore } from '../store/PlanStore';
import type { AppSettings } from './AppSettings';
import { checkFolder } from './checkFolder';
import type { Credentials, SecretFile, SecretStore } from './Credentials';
import { noObjectStore } from '../portal/noObjectStore';
import { VigieChiroPortal } from '../portal/VigieChiroPortal';
import type { PortalSession } from './PortalSession';
import { DepotBackend } from './DepotBackend';
import type { Notifier } from './Notifier';

export type BackendOptions = {
  readonly mode: 'electron' | 'bridge';
  /** Holds `depot.db` and `settings.json` (and the bridge's credentials file). */
  readonly dataDir: string;
  readonly secrets: SecretStore;
  /** Where the portal sign-in rests, encrypted like `secrets` (ADR 0032). */
  readonly portalSessions?: SecretFile<PortalSession>;
  /** Electron's sign-in window (see `DepotBackendDeps.openPortalSignIn`). */
  readonly openPortalSignIn?: (signIn: string) => Promise<string | undefined>;
  readonly chooseFolder?: () => Promise<ChosenFolder>;
  readonly chooseProgramme?: () => Promise<ChosenFolder>;
  readonly notify?: Notifier;
  readonly log: (line: string) => void;
};

const s3OptionsFor = (settings: AppSettings, credentials: Credentials): S3ObjectStoreOptions => ({
  endpoint: settings.endpoint,
  region: settings.region,
  bucket: settings.bucket,
  forcePathStyle: settings.pathStyle,
  credentials,
});

/**
 * The S3 store of a night whose target is not the current settings' (issue 11: a night owns its
 * target). Reachable only with the credentials it was created with; one store per target.
 */
const nightStores = (
  credentials: Credentials,
): ((target: StorageTarget) => S3ObjectStore | undefined) => {
  const stores = new Map<string, S3ObjectStore>();
  return (target) => {
    if (target.credentialId !== credentials.accessKeyId) return undefined;
    const id = JSON.stringify(target);
    let store = stores.get(id);
    if (store === undefined) {
      store = new S3ObjectStore({
        endpoint: target.endpoint,
        region: target.region,
        bucket: target.bucket,
        forcePathStyle: target.pathStyle,
        credentials,
      });
      stores.set(id, store);
    }
    return store;
  };
};

/**
 * Wires the real pieces (SQLite store, S3 adapter, retry policy, engine, pre-flight) into a
 * started backend. Electron main and the bridge call this and nothing else of the engine.
 */
export const createBackend = async (options: BackendOptions): Promise<DepotBackend> => {
  const db = openDatabase(join(options.dataDir, 'depot.db'));
  const store = new PlanStore(db);
  const backend = new DepotBackend({
    mode: options.mode,
    version: APP_VERSION,
    settingsPath: join(options.dataDir, 'settings.json'),
    secrets: options.secrets,
    clock: monotonicClock,
    wallClock: systemClock,
    sleeper: timerSleeper,
    createEngine: (settings, credentials, portalFor) => {
      const wiring = {
        store,
        ...(portalFor === undefined ? {} : { portalFor }),
        settings: {
          concurrency: settings.concurrency,
          appVersion: APP_VERSION,
          ...(settings.bwlimitBytesPerSec === null
            ? {}
            : { bwlimitBytesPerSec: settings.bwlimitBytesPerSec }),
        },
      };
      // Without a key, the programme's portal only (ADR 0032).
      const { engine, objectStore, policy } =
        credentials === undefined
          ? createEngineStack({ ...wiring, objectStore: noObjectStore })
          : createEngineStack({
              ...wiring,
              s3: s3OptionsFor(settings, credentials),
              storeFor: nightStores(credentials),
            });
      return {
        engine,
        networkChanged: (online) => policy.networkChanged(online),
        circuit: () => policy.circuit(objectStore.endpoint),
      };
    },
    createObjectStore: (settings, credentials) =>
      new S3ObjectStore(s3OptionsFor(settings, credentials)),
    ...(options.portalSessions === undefined
      ? {}
      : {
          portalSessions: options.portalSessions,
          createPortal: (api, token) => new VigieChiroPortal({ api, token }),
        }),
    ...(options.openPortalSignIn === undefined
      ? {}
      : { openPortalSignIn: options.openPortalSignIn }),
    earliestDeferred: (planId) => store.earliestDeferred(planId),
    preflight: checkFolder,
    expandPrefix: (template, values) => expandPrefix(template, values),
    ...(options.chooseFolder === undefined ? {} : { chooseFolder: options.chooseFolder }),
    ...(options.chooseProgramme === undefined ? {} : { chooseProgramme: options.chooseProgramme }),
    ...(options.notify === undefined ? {} : { notify: options.notify }),
    log: options.log,
    close: () => store.close(),
  });
  await backend.start();
  return backend;
};

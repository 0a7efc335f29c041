import type { Handlers } from '../ipc/Handlers';
import { IpcFailure } from '../ipc/IpcFailure';
import type { BackendConfig } from './BackendConfig';
import type { DepotBackendDeps } from './DepotBackendDeps';
import type { EventRelay } from './EventRelay';
import type { PlanRuns } from './PlanRuns';
import { defaultAppSettings } from './AppSettings';
import { restartEngine } from './restartEngine';
import { testConnection } from './testConnection';
import { fixedPrefix } from '../../shared/field/fixedPrefix';
import { followSettings } from './followSettings';
import type { PlanViews } from './PlanViews';

type SettingsHandlers = Pick<Handlers, 'settings.get' | 'settings.set' | 'settings.testConnection'>;

/**
 * The settings and the credentials: a change of what the engine talks to (or as whom) stops the
 * runs, rebuilds the engine and starts them again on the new one.
 */
export const settingsHandlers = (
  config: BackendConfig,
  runs: PlanRuns,
  relay: EventRelay,
  views: PlanViews,
  deps: Pick<DepotBackendDeps, 'createObjectStore' | 'clock' | 'wallClock'>,
): SettingsHandlers => ({
  'settings.get': () => Promise.resolve(config.settingsView()),
  'settings.set': async (input) => {
    const { credentials, prefixTemplate, endpoint, region, bucket, ...rest } = input;
    const stored = config.settings ?? defaultAppSettings;
    const engineChanged = await config.save(
      {
        ...rest,
        endpoint: endpoint ?? stored.endpoint,
        region: region ?? stored.region,
        bucket: bucket ?? stored.bucket,
        prefixTemplate:
          prefixTemplate ?? config.settings?.prefixTemplate ?? defaultAppSettings.prefixTemplate,
      },
      credentials,
    );
    // Nights that could not use the old settings take the corrected ones (issue 31).
    const wallNow = (deps.wallClock ?? deps.clock).now();
    if (engineChanged)
      await restartEngine(config, runs, relay, credentials !== undefined, () =>
        followSettings(config, views, wallNow),
      );
    return config.settingsView();
  },
  'settings.testConnection': async (typed) => {
    const saved = config.requireSettings();
    // The values on screen are tested as they are, never saved by the test (issue 31, item 9).
    const { credentials: typedCredentials, ...typedValues } = typed ?? {};
    const settings = { ...saved, ...typedValues };
    const credentials = typedCredentials ?? config.credentials;
    if (credentials === undefined) {
      throw new IpcFailure('not-configured', 'no credentials', { kind: 'storage-incomplete' });
    }
    const tested = deps.createObjectStore(settings, credentials);
    const verdict = await testConnection(tested, deps.clock, fixedPrefix(settings.prefixTemplate));
    // The fix worked: a night blocked at its start goes on without another gesture.
    const savedOnes =
      typed === undefined ||
      (typed.endpoint === saved.endpoint &&
        typed.bucket === saved.bucket &&
        typed.credentials === undefined);
    if (
      savedOnes &&
      verdict.reachable &&
      verdict.credentialsAccepted === true &&
      verdict.bucketWritable
    ) {
      runs.resumeBlocked(tested.endpoint, settings.bucket);
    }
    return verdict;
  },
});

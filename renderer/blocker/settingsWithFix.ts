import type { MethodInput } from '../../shared/ipc/contract';
import type { SettingsView } from '../../shared/ipc/views';
import type { FixedSetting } from './FixedSetting';

/** The saved settings with the one corrected (the key's pair given whole), as `settings.set` takes them. */
export const settingsWithFix = (
  s: SettingsView,
  setting: FixedSetting,
  value: string,
  secret: string,
): MethodInput<'settings.set'> => ({
  endpoint: setting === 'endpoint' ? value.trim() : s.endpoint,
  region: s.region,
  bucket: setting === 'bucket' ? value.trim() : s.bucket,
  pathStyle: s.pathStyle,
  concurrency: s.concurrency,
  bwlimitBytesPerSec: s.bwlimitBytesPerSec,
  keepRunningInBackground: s.keepRunningInBackground,
  locale: s.locale,
  ...(s.programme === null ? { prefixTemplate: s.prefixTemplate } : {}),
  ...(setting === 'credentials'
    ? { credentials: { accessKeyId: value.trim(), secretAccessKey: secret } }
    : {}),
});

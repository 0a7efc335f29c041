import type { StorageTarget } from '../../shared/domain/StorageTarget';
import type { AppSettings } from './AppSettings';
import type { Credentials } from './Credentials';

/**
 * The target a night created now would own: the settings' endpoint as the S3 adapter names it
 * (`scheme://host:port`), region, addressing, bucket and which credentials.
 */
export const settingsTarget = (settings: AppSettings, credentials: Credentials): StorageTarget => {
  const url = new URL(settings.endpoint);
  return {
    endpoint: `${url.protocol}//${url.host}`,
    region: settings.region,
    pathStyle: settings.pathStyle,
    bucket: settings.bucket,
    credentialId: credentials.accessKeyId,
  };
};

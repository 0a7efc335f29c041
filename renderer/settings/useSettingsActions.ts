import { useState } from 'react';
import { MIN_BWLIMIT_BYTES_PER_SEC } from '../../shared/domain/minimumBandwidth';
import { useDepotStore } from '../store/useDepotStore';
import { MB } from './useSettingsForm';
import type { SettingsForm } from './useSettingsForm';

/**
 * "Enregistrer" and "Tester la connexion". What is on screen is what gets tested, and only tested:
 * a wrong value never replaces the saved one behind the volunteer's back (issue 31, item 9).
 */
export const useSettingsActions = (
  form: SettingsForm | null,
): {
  readonly save: () => Promise<boolean>;
  readonly test: () => Promise<void>;
  readonly testing: boolean;
} => {
  const api = useDepotStore((s) => s.api);
  const [testing, setTesting] = useState(false);

  const save = async (): Promise<boolean> => {
    if (api === undefined || form === null) return false;
    const { settings, accessKeyId, secret, setMessage } = form;
    setMessage(null);
    // Refused here, in the volunteer's language, before the backend refuses it too.
    if (form.prefixProblem !== undefined) {
      setMessage({ key: 'settings.notSavedProblem' });
      return false;
    }
    const bwlimit = form.bwlimit.trim();
    const rate = bwlimit === '' ? null : Math.round(Number(bwlimit.replace(',', '.')) * MB);
    if (rate !== null && !(rate >= MIN_BWLIMIT_BYTES_PER_SEC)) {
      setMessage({ key: 'settings.bwlimitTooLow' });
      return false;
    }
    const result = await api.settings.set({
      // A portal's profile fixes no bucket: none is sent, the stored one (maybe none) stays.
      ...(form.portalProfile
        ? {}
        : { endpoint: settings.endpoint, region: settings.region, bucket: settings.bucket }),
      ...(settings.programme === null ? { prefixTemplate: settings.prefixTemplate } : {}),
      pathStyle: settings.pathStyle,
      concurrency: settings.concurrency,
      bwlimitBytesPerSec: rate,
      keepRunningInBackground: settings.keepRunningInBackground,
      locale: settings.locale,
      ...(accessKeyId !== '' && secret !== ''
        ? { credentials: { accessKeyId, secretAccessKey: secret } }
        : {}),
    });
    if (!result.ok) {
      setMessage({ key: 'error.generic', error: result.error });
      return false;
    }
    form.saved(result.value);
    return true;
  };

  const test = async (): Promise<void> => {
    if (api === undefined || form === null) return;
    const { settings, accessKeyId, secret } = form;
    setTesting(true);
    form.setVerdict(null);
    form.setMessage(null);
    const typedCredentials = accessKeyId !== '' && secret !== '';
    const result = await api.settings.testConnection({
      endpoint: settings.endpoint,
      region: settings.region,
      bucket: settings.bucket,
      pathStyle: settings.pathStyle,
      ...(typedCredentials ? { credentials: { accessKeyId, secretAccessKey: secret } } : {}),
    });
    setTesting(false);
    if (result.ok)
      form.setVerdict({
        verdict: result.value,
        endpoint: settings.endpoint,
        unsaved: form.dirty || typedCredentials,
      });
    else form.setMessage({ key: 'error.generic', error: result.error });
  };

  return { save, test, testing };
};

import { useT } from '../i18n/useT';
import type { SettingsForm } from './useSettingsForm';

/**
 * The storage key: typed, never shown back once saved (the legend says whether one is set). A
 * portal takes the volunteer's sign-in (Portail), never a storage key.
 */
export const KeyFields = ({ form }: { readonly form: SettingsForm }) => {
  const t = useT();
  return (
    <fieldset hidden={form.portalProfile}>
      <legend>
        {form.settings.credentials === 'set'
          ? t('settings.credentialsSet')
          : t('settings.credentialsNotSet')}
      </legend>
      <label>
        {t('settings.accessKeyId')}
        <input
          name="accessKeyId"
          autoComplete="off"
          value={form.accessKeyId}
          onChange={(e) => form.setAccessKeyId(e.target.value)}
        />
      </label>
      <label>
        {t('settings.secretAccessKey')}
        <input
          name="secretAccessKey"
          type="password"
          autoComplete="new-password"
          value={form.secret}
          onChange={(e) => form.setSecret(e.target.value)}
        />
      </label>
    </fieldset>
  );
};

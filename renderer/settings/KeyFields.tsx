import { useT } from '../i18n/useT';
import type { SettingsForm } from './useSettingsForm';
import { TextField } from '../components/TextField';

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
      <TextField
        label={t('settings.accessKeyId')}
        name="accessKeyId"
        autoComplete="off"
        value={form.accessKeyId}
        onValue={form.setAccessKeyId}
      />
      <TextField
        label={t('settings.secretAccessKey')}
        name="secretAccessKey"
        type="password"
        autoComplete="new-password"
        value={form.secret}
        onValue={form.setSecret}
      />
    </fieldset>
  );
};

import type { Locale } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';
import type { SettingsForm } from './useSettingsForm';
import { CheckField } from '../components/CheckField';
import { TextField } from '../components/TextField';

/** How Depot deposits on this computer: parallel files, bandwidth, in the background, language. */
export const DepositPreferences = ({ form }: { readonly form: SettingsForm }) => {
  const t = useT();
  const { settings, update } = form;
  return (
    <>
      <TextField
        label={t('settings.concurrency')}
        name="concurrency"
        type="number"
        min={1}
        max={16}
        value={settings.concurrency}
        onValue={(v) => update({ concurrency: Number(v) })}
      />
      <TextField
        label={t('settings.bwlimit')}
        name="bwlimit"
        inputMode="decimal"
        value={form.bwlimit}
        onValue={form.setBwlimit}
      />
      <CheckField
        name="keepRunningInBackground"
        label={t('settings.background')}
        checked={settings.keepRunningInBackground}
        onChecked={(checked) => update({ keepRunningInBackground: checked })}
      />
      <label>
        {t('settings.language')}
        <select
          name="locale"
          value={settings.locale}
          onChange={(e) => update({ locale: e.target.value as Locale })}
        >
          <option value="fr">Français</option>
          <option value="en">English</option>
        </select>
      </label>
    </>
  );
};

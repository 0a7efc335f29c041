import type { Locale } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';
import type { SettingsForm } from './useSettingsForm';

/** How Depot deposits on this computer: parallel files, bandwidth, in the background, language. */
export const DepositPreferences = ({ form }: { readonly form: SettingsForm }) => {
  const t = useT();
  const { settings, update } = form;
  return (
    <>
      <label>
        {t('settings.concurrency')}
        <input
          name="concurrency"
          type="number"
          min={1}
          max={16}
          value={settings.concurrency}
          onChange={(e) => update({ concurrency: Number(e.target.value) })}
        />
      </label>
      <label>
        {t('settings.bwlimit')}
        <input
          name="bwlimit"
          inputMode="decimal"
          value={form.bwlimit}
          onChange={(e) => form.setBwlimit(e.target.value)}
        />
      </label>
      <label className="check">
        <input
          type="checkbox"
          name="keepRunningInBackground"
          checked={settings.keepRunningInBackground}
          onChange={(e) => update({ keepRunningInBackground: e.target.checked })}
        />{' '}
        {t('settings.background')}
      </label>
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

import { ProgrammeSection } from '../components/ProgrammeSection';
import { useT } from '../i18n/useT';
import { DepositPreferences } from '../settings/DepositPreferences';
import { KeyFields } from '../settings/KeyFields';
import { SettingsOutcome } from '../settings/SettingsOutcome';
import { StorageFields } from '../settings/StorageFields';
import { useSettingsActions } from '../settings/useSettingsActions';
import { useSettingsForm } from '../settings/useSettingsForm';

/**
 * Réglages, by what the volunteer does there: the programme's profile, where nights go, the key,
 * how Depot deposits here, then save or test. Each part is its own module in `renderer/settings/`.
 */
export const SettingsScreen = () => {
  const t = useT();
  const form = useSettingsForm();
  const { save, test, testing } = useSettingsActions(form);
  if (form === null) return null;
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <p className="quiet" data-testid="applies-to-new">
        {t('settings.appliesToNew')}
      </p>
      <ProgrammeSection settings={form.settings} onChange={form.replaced} />
      <form
        className="settings"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {/* A programme's profile fixes these: shown above, not editable. */}
        {form.settings.programme === null && <StorageFields form={form} />}
        <KeyFields form={form} />
        <DepositPreferences form={form} />
        <div className="row">
          <button type="submit" className="primary">
            {t('settings.save')}
          </button>
          <button
            type="button"
            hidden={form.portalProfile}
            onClick={() => void test()}
            disabled={testing}
          >
            {testing ? t('settings.testing') : t('settings.test')}
          </button>
        </div>
        <SettingsOutcome form={form} />
      </form>
    </section>
  );
};

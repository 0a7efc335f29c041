import { useT } from '../i18n/useT';
import { prefixProblemText } from './prefixProblemText';
import type { SettingsForm } from './useSettingsForm';

/** Where nights go, typed by hand (a programme's profile fixes them instead). */
export const StorageFields = ({ form }: { readonly form: SettingsForm }) => {
  const t = useT();
  const { settings, update, prefixProblem } = form;
  return (
    <>
      <label>
        {t('settings.endpoint')}
        <input
          name="endpoint"
          type="url"
          required
          value={settings.endpoint}
          onChange={(e) => update({ endpoint: e.target.value })}
        />
      </label>
      <label>
        {t('settings.region')}
        <input
          name="region"
          required
          value={settings.region}
          onChange={(e) => update({ region: e.target.value })}
        />
      </label>
      <label>
        {t('settings.bucket')}
        <input
          name="bucket"
          required
          value={settings.bucket}
          onChange={(e) => update({ bucket: e.target.value })}
        />
      </label>
      <label>
        {t('settings.prefixTemplate')}
        <input
          name="prefixTemplate"
          value={settings.prefixTemplate}
          onChange={(e) => update({ prefixTemplate: e.target.value })}
          aria-describedby="prefix-hint"
          aria-invalid={prefixProblem !== undefined}
        />
        <small id="prefix-hint">{t('settings.prefixHint')}</small>
        {prefixProblem !== undefined && (
          <span role="alert" className="field-problem" data-testid="prefix-problem">
            {prefixProblemText(t, prefixProblem)}
          </span>
        )}
      </label>
      <label className="check">
        <input
          type="checkbox"
          name="pathStyle"
          checked={settings.pathStyle}
          onChange={(e) => update({ pathStyle: e.target.checked })}
        />{' '}
        {t('settings.pathStyle')}
      </label>
    </>
  );
};

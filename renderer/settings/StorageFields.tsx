import { useT } from '../i18n/useT';
import { prefixProblemText } from './prefixProblemText';
import type { SettingsForm } from './useSettingsForm';
import { CheckField } from '../components/CheckField';
import { TextField } from '../components/TextField';

/** Where nights go, typed by hand (a programme's profile fixes them instead). */
export const StorageFields = ({ form }: { readonly form: SettingsForm }) => {
  const t = useT();
  const { settings, update, prefixProblem } = form;
  return (
    <>
      <TextField
        label={t('settings.endpoint')}
        name="endpoint"
        type="url"
        required
        value={settings.endpoint}
        onValue={(endpoint) => update({ endpoint })}
      />
      <TextField
        label={t('settings.region')}
        name="region"
        required
        value={settings.region}
        onValue={(region) => update({ region })}
      />
      <TextField
        label={t('settings.bucket')}
        name="bucket"
        required
        value={settings.bucket}
        onValue={(bucket) => update({ bucket })}
      />
      <TextField
        label={t('settings.prefixTemplate')}
        name="prefixTemplate"
        value={settings.prefixTemplate}
        onValue={(prefixTemplate) => update({ prefixTemplate })}
        aria-describedby="prefix-hint"
        aria-invalid={prefixProblem !== undefined}
      >
        <small id="prefix-hint">{t('settings.prefixHint')}</small>
        {prefixProblem !== undefined && (
          <span role="alert" className="field-problem" data-testid="prefix-problem">
            {prefixProblemText(t, prefixProblem)}
          </span>
        )}
      </TextField>
      <CheckField
        name="pathStyle"
        label={t('settings.pathStyle')}
        checked={settings.pathStyle}
        onChecked={(pathStyle) => update({ pathStyle })}
      />
    </>
  );
};

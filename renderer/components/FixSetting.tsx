import type { PlanView } from '../../shared/ipc/views';
import type { FixedSetting } from '../blocker/FixedSetting';
import { useFixSetting } from '../blocker/useFixSetting';
import { errorText } from '../i18n/errorText';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';
import { TextField } from './TextField';

/**
 * A corrected setting applied to the night from its blocker itself (issue 31): the setting is
 * saved (later nights take it too) and the night, which wrote nothing with the wrong one, takes
 * it at once and goes on. A programme's profile fixes address and bucket: then only the
 * coordinator can correct them, and the form says so instead.
 */
export const FixSetting = ({
  plan,
  setting,
}: {
  readonly plan: PlanView;
  readonly setting: FixedSetting;
}) => {
  const t = useT();
  const go = useDepotStore((s) => s.go);
  const form = useFixSetting(plan, setting);
  const { said } = form;

  if (form.fixedByProgramme)
    return (
      <p className="warning" data-testid="fix-fixed-by-programme">
        {t('fix.fixedByProgramme')}
      </p>
    );
  return (
    <form
      className="fix-setting row"
      data-testid="fix-setting"
      onSubmit={(e) => void form.apply(e)}
    >
      <TextField
        labelClass="grow"
        label={t(
          setting === 'endpoint'
            ? 'settings.endpoint'
            : setting === 'bucket'
              ? 'settings.bucket'
              : 'settings.accessKeyId',
        )}
        name={`fix-${setting}`}
        value={form.value}
        required
        autoComplete="off"
        type={setting === 'endpoint' ? 'url' : 'text'}
        onValue={form.setValue}
      />
      {setting === 'credentials' && (
        <TextField
          labelClass="grow"
          label={t('settings.secretAccessKey')}
          name="fix-secret"
          type="password"
          required
          autoComplete="new-password"
          value={form.secret}
          onValue={form.setSecret}
        />
      )}
      <button type="submit" className="primary" disabled={form.busy}>
        {t('fix.apply')}
      </button>
      <button type="button" onClick={() => go('settings')}>
        {t('blocker.fix')}
      </button>
      {said !== null && (
        <p role="status" className={said.ok ? 'ok' : 'error'} data-testid="fix-said">
          {said.ok
            ? t('fix.applied')
            : t('error.generic', {
                message: said.error === undefined ? '' : errorText(said.error, t),
              })}
        </p>
      )}
    </form>
  );
};

import { useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError } from '../../shared/ipc/Result';
import type { PlanView } from '../../shared/ipc/views';
import { errorText } from '../i18n/errorText';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';

/** Which setting a blocked night needs corrected: its address, its bucket, or its key. */
export type FixedSetting = 'endpoint' | 'bucket' | 'credentials';

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
  const api = useDepotStore((s) => s.api);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const go = useDepotStore((s) => s.go);
  const [value, setValue] = useState(
    setting === 'endpoint' ? plan.endpoint : setting === 'bucket' ? plan.bucket : '',
  );
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ readonly ok: boolean; readonly error?: IpcError } | null>(
    null,
  );
  const [fixedByProgramme, setFixedByProgramme] = useState(false);

  const apply = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (api === undefined) return;
    setBusy(true);
    setSaid(null);
    const current = await api.settings.get();
    if (!current.ok) {
      setBusy(false);
      setSaid({ ok: false, error: current.error });
      return;
    }
    const s = current.value;
    if (s.programme !== null && setting !== 'credentials') {
      setBusy(false);
      setFixedByProgramme(true);
      return;
    }
    const result = await api.settings.set({
      endpoint: setting === 'endpoint' ? value.trim() : s.endpoint,
      region: s.region,
      bucket: setting === 'bucket' ? value.trim() : s.bucket,
      pathStyle: s.pathStyle,
      concurrency: s.concurrency,
      bwlimitBytesPerSec: s.bwlimitBytesPerSec,
      keepRunningInBackground: s.keepRunningInBackground,
      locale: s.locale,
      ...(s.programme === null ? { prefixTemplate: s.prefixTemplate } : {}),
      ...(setting === 'credentials'
        ? { credentials: { accessKeyId: value.trim(), secretAccessKey: secret } }
        : {}),
    });
    setBusy(false);
    setSecret('');
    setSaid(result.ok ? { ok: true } : { ok: false, error: result.error });
    await refresh();
  };

  if (fixedByProgramme)
    return (
      <p className="warning" data-testid="fix-fixed-by-programme">
        {t('fix.fixedByProgramme')}
      </p>
    );
  return (
    <form className="fix-setting row" data-testid="fix-setting" onSubmit={(e) => void apply(e)}>
      <label className="grow">
        {t(
          setting === 'endpoint'
            ? 'settings.endpoint'
            : setting === 'bucket'
              ? 'settings.bucket'
              : 'settings.accessKeyId',
        )}
        <input
          name={`fix-${setting}`}
          value={value}
          required
          autoComplete="off"
          type={setting === 'endpoint' ? 'url' : 'text'}
          onChange={(e) => setValue(e.target.value)}
        />
      </label>
      {setting === 'credentials' && (
        <label className="grow">
          {t('settings.secretAccessKey')}
          <input
            name="fix-secret"
            type="password"
            required
            autoComplete="new-password"
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
          />
        </label>
      )}
      <button type="submit" className="primary" disabled={busy}>
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

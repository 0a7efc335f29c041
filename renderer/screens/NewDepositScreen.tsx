import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { PreflightView } from '../../shared/ipc/views';
import { formatBytes } from '../format/formatBytes';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';

export const NewDepositScreen = () => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const api = useDepotStore((s) => s.api);
  const openPlan = useDepotStore((s) => s.openPlan);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const [dir, setDir] = useState('');
  const [report, setReport] = useState<PreflightView | null>(null);
  const [site, setSite] = useState('');
  const [point, setPoint] = useState('');
  const [night, setNight] = useState('');
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [busy, setBusy] = useState<'checking' | 'starting' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [canChoose, setCanChoose] = useState(true);

  useEffect(() => {
    // The bridge has no native dialog: the path field is the way there.
    void api?.app.info().then((r) => r.ok && r.value.mode === 'bridge' && setCanChoose(false));
  }, [api]);

  const check = async (path: string): Promise<void> => {
    if (api === undefined || path.trim() === '') return;
    setBusy('checking');
    setError(null);
    const result = await api.preflight.run({ dir: path.trim() });
    setBusy(null);
    if (!result.ok) {
      setReport(null);
      setError(result.error.message);
      return;
    }
    setReport(result.value);
    setSite((v) => v || (result.value.suggested.site ?? ''));
    setPoint((v) => v || (result.value.suggested.point ?? ''));
    setNight((v) => v || (result.value.suggested.night ?? ''));
  };

  const choose = async (): Promise<void> => {
    if (api === undefined) return;
    const result = await api.dialog.chooseFolder();
    if (!result.ok) return;
    if (result.value.kind === 'unsupported') setCanChoose(false);
    if (result.value.kind === 'chosen') {
      setDir(result.value.path);
      await check(result.value.path);
    }
  };

  const start = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (api === undefined || report === null) return;
    setBusy('starting');
    setError(null);
    const result = await api.plans.create({ dir: report.dir, site, point, night, skipInvalid });
    setBusy(null);
    if (!result.ok) {
      setError(
        result.error.code === 'not-configured' ? t('new.notConfigured') : result.error.message,
      );
      return;
    }
    await refresh();
    openPlan(result.value.id);
  };

  const blocked = report !== null && report.blocking > 0 && !skipInvalid;

  return (
    <section aria-labelledby="new-title">
      <h1 id="new-title">{t('new.title')}</h1>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void check(dir);
        }}
      >
        <label className="grow">
          {t('new.folder')}
          <input
            name="dir"
            value={dir}
            onChange={(e) => setDir(e.target.value)}
            aria-describedby="dir-hint"
            autoComplete="off"
          />
          <small id="dir-hint">{t('new.folderHint')}</small>
        </label>
        {canChoose && (
          <button type="button" onClick={() => void choose()}>
            {t('new.choose')}
          </button>
        )}
        <button type="submit" disabled={busy !== null || dir.trim() === ''}>
          {busy === 'checking' ? t('new.checking') : t('new.check')}
        </button>
      </form>
      {error !== null && (
        <p className="error" role="alert">
          {t('error.generic', { message: error })}
        </p>
      )}
      {report !== null && (
        <form onSubmit={(e) => void start(e)} aria-labelledby="summary-title">
          <h2 id="summary-title">{t('new.summary')}</h2>
          <dl className="facts" data-testid="preflight">
            <dt>{t('new.files')}</dt>
            <dd>{report.files}</dd>
            <dt>{t('new.totalSize')}</dt>
            <dd>{formatBytes(report.totalBytes, locale)}</dd>
            <dt>{t('new.skippedJunk')}</dt>
            <dd>{report.skippedJunk}</dd>
            <dt>{t('new.nights')}</dt>
            <dd>{report.nights.map((n) => `${n.night} (${n.files})`).join(', ') || '—'}</dd>
            <dt>{t('new.timeZone')}</dt>
            <dd>{report.timeZone ?? '—'}</dd>
          </dl>
          <h3>{t('new.warnings')}</h3>
          {report.issues.length === 0 ? (
            <p>{t('new.noWarnings')}</p>
          ) : (
            <ul className="issues">
              {report.issues.slice(0, 50).map((issue) => (
                <li key={`${issue.relPath}:${issue.kind}`} data-decision={issue.decision}>
                  <strong>{t(`new.decision.${issue.decision}`)}</strong> ·{' '}
                  {issue.relPath !== '' && <code>{issue.relPath}</code>}
                  {issue.relPath !== '' && ' — '}
                  {issue.message[locale]}
                </li>
              ))}
            </ul>
          )}
          {report.blocking > 0 && (
            <p className="warning">
              <span aria-hidden="true">! </span>
              {t('new.blocking', { count: report.blocking })}{' '}
              <label>
                <input
                  type="checkbox"
                  checked={skipInvalid}
                  onChange={(e) => setSkipInvalid(e.target.checked)}
                />{' '}
                {t('new.skipInvalid')}
              </label>
            </p>
          )}
          <div className="row">
            <label>
              {t('new.site')}
              <input name="site" required value={site} onChange={(e) => setSite(e.target.value)} />
            </label>
            <label>
              {t('new.point')}
              <input
                name="point"
                required
                value={point}
                onChange={(e) => setPoint(e.target.value)}
              />
            </label>
            <label>
              {t('new.night')}
              <input
                name="night"
                type="date"
                required
                value={night}
                onChange={(e) => setNight(e.target.value)}
              />
            </label>
          </div>
          <button type="submit" className="primary" disabled={busy !== null || blocked}>
            {busy === 'starting' ? t('new.starting') : t('new.start')}
          </button>
        </form>
      )}
    </section>
  );
};

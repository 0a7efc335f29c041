import { useEffect, useRef, useState } from 'react';
import type { IpcError } from '../../shared/ipc/Result';
import type { CorrectionPreview, PlanView, ProgrammeView } from '../../shared/ipc/views';
import { destinationOf } from '../format/destinationOf';
import { useT } from '../i18n/useT';
import type { CorrectionValues } from '../store/useDepotStore';
import { useDepotStore } from '../store/useDepotStore';
import { ErrorAlert } from './ErrorAlert';

/** Files landing many a second are counted again at most this often. */
const PROGRESS_SETTLE_MS = 1_000;

/**
 * "Corriger la destination" (issue 31): the night's values as typed (site and point, or its
 * programme's fields), where it would go, and what it wrote where it is now, which is taken back
 * (only its own objects, each checked) before it goes on there. Confirmed before anything moves.
 */
export const CorrectDestination = ({
  plan,
  initial,
  onClose,
}: {
  readonly plan: PlanView;
  readonly initial: CorrectionValues | null;
  readonly onClose: (said: string | null) => void;
}) => {
  const t = useT();
  const api = useDepotStore((s) => s.api);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const [programme, setProgramme] = useState<ProgrammeView | null>(null);
  const [site, setSite] = useState(initial?.site ?? plan.site ?? '');
  const [point, setPoint] = useState(initial?.point ?? plan.point ?? '');
  const [fields, setFields] = useState<Readonly<Record<string, string>>>(
    initial?.fields ?? plan.programme?.fields ?? {},
  );
  const [preview, setPreview] = useState<CorrectionPreview | null>(null);
  const [problem, setProblem] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const named = plan.programme !== null;

  useEffect(() => {
    void api?.settings.get().then((r) => r.ok && setProgramme(r.value.programme));
  }, [api]);

  // While the night runs it writes more: what it wrote at the old place is asked again as its
  // files land, never the count of when the dialog opened (issue 31, a stale count).
  const written = plan.unitsDone + plan.unitsFailed + (plan.bytesAcked > 0 ? 1 : 0);
  const [asOf, setAsOf] = useState(written);
  const latest = useRef(written);
  latest.current = written;
  const stale = written !== asOf;
  useEffect(() => {
    if (!stale) return;
    // Not pushed back by each file that lands: at most one new count a second, however many.
    const timer = setTimeout(() => setAsOf(latest.current), PROGRESS_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [stale, asOf]);

  useEffect(() => {
    if (api === undefined) return;
    let live = true;
    const timer = setTimeout(() => {
      void api.plans
        .previewCorrection({
          planId: plan.id,
          ...(named ? { fields } : { site, point, fields: {} }),
        })
        .then((r) => {
          if (!live) return;
          setPreview(r.ok ? r.value : null);
          setProblem(r.ok ? null : r.error);
        });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, plan.id, named, site, point, fields, asOf]);

  const confirm = async (): Promise<void> => {
    if (api === undefined) return;
    setBusy(true);
    const result = await api.plans.correct({
      planId: plan.id,
      ...(named ? { fields } : { site, point, fields: {} }),
    });
    setBusy(false);
    if (!result.ok) {
      setProblem(result.error);
      return;
    }
    await refresh();
    onClose(
      t('correct.done', {
        to: destinationOf(result.value.plan),
        count: result.value.toRemove,
      }),
    );
  };

  const to = preview === null ? null : destinationOf(preview.to);
  const from = preview === null ? null : destinationOf(preview.from.place);
  return (
    <section className="dialog" role="dialog" aria-labelledby="correct-title" data-testid="correct">
      <h2 id="correct-title">{t('correct.title')}</h2>
      <p className="quiet">{t('correct.hint')}</p>
      <div className="row">
        {named && programme !== null
          ? programme.fields.map((f) => (
              <label key={f.name}>
                {f.label[useDepotStore.getState().locale]}
                <input
                  name={`correct-${f.name}`}
                  value={fields[f.name] ?? ''}
                  autoComplete="off"
                  onChange={(e) => setFields({ ...fields, [f.name]: e.target.value })}
                />
              </label>
            ))
          : !named && (
              <>
                <label>
                  {t('new.site')}
                  <input
                    name="correct-site"
                    value={site}
                    onChange={(e) => setSite(e.target.value)}
                  />
                </label>
                <label>
                  {t('new.point')}
                  <input
                    name="correct-point"
                    value={point}
                    onChange={(e) => setPoint(e.target.value)}
                  />
                </label>
              </>
            )}
      </div>
      {preview !== null && to !== null && from !== null && (
        <div data-testid="correct-preview">
          <p>
            {t('correct.to')} <code data-testid="correct-to">{to}</code>
          </p>
          {preview.same ? (
            <p className="quiet">{t('correct.same')}</p>
          ) : (
            <p className="warning" data-testid="correct-consequence">
              {preview.from.objects > 0
                ? t('correct.willRemove', { count: preview.from.objects, from })
                : t('correct.nothingToRemove', { from })}
            </p>
          )}
          <ul className="names">
            {preview.examples.map((e) => (
              <li key={e.relPath}>
                <code>{e.relPath}</code> → <code>{e.key}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ErrorAlert error={problem} />
      <div className="actions">
        <button
          type="button"
          className="primary"
          data-action="correct-confirm"
          disabled={busy || preview === null || preview.same}
          onClick={() => void confirm()}
        >
          {preview !== null && preview.from.objects > 0
            ? t('correct.confirmRemove', { count: preview.from.objects })
            : t('correct.confirm')}
        </button>
        <button type="button" onClick={() => onClose(null)}>
          {t('nights.forgetNo')}
        </button>
      </div>
    </section>
  );
};

import { useEffect, useState } from 'react';
import type { CountersView, JournalEntryView } from '../../shared/ipc/views';
import { formatClock, formatDateTime } from '../format/formatClock';
import { formatDuration } from '../format/formatDuration';
import { giveUpReasonText, journalOutcomeText } from '../format/journalOutcomeText';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';

export const DiagnosticsScreen = () => {
  const t = useT();
  const api = useDepotStore((s) => s.api);
  const locale = useDepotStore((s) => s.locale);
  const second = useDepotStore((s) => Math.floor(s.now / 2000));
  const [counters, setCounters] = useState<CountersView | null>(null);
  const [journal, setJournal] = useState<readonly JournalEntryView[]>([]);

  useEffect(() => {
    if (api === undefined) return;
    void api.diagnostics.counters().then((r) => r.ok && setCounters(r.value));
    void api.diagnostics.journal({ limit: 200 }).then((r) => r.ok && setJournal(r.value));
  }, [api, second]);

  const exportJson = async (): Promise<void> => {
    if (api === undefined) return;
    const result = await api.diagnostics.export();
    if (!result.ok) return;
    const url = URL.createObjectURL(new Blob([result.value.json], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = result.value.fileName;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="diag-title">
      <h1 id="diag-title">{t('diag.title')}</h1>
      <h2>{t('diag.counters')}</h2>
      {counters !== null && (
        <dl className="facts" data-testid="counters">
          <dt>{t('diag.firstAttempts')}</dt>
          <dd>{counters.firstAttempts}</dd>
          <dt>{t('diag.retriesGranted')}</dt>
          <dd>{counters.retriesGranted}</dd>
          <dt>{t('diag.retriesRefused')}</dt>
          <dd>
            {Object.entries(counters.retriesRefused)
              .map(([reason, n]) =>
                t('diag.reasonCount', { reason: giveUpReasonText(reason, t), count: n }),
              )
              .join(' · ') || '0'}
          </dd>
          <dt>{t('diag.circuit')}</dt>
          <dd>{t(`diag.circuit.${counters.circuit}`)}</dd>
          {Object.entries(counters.extra).map(([name, n]) => (
            <div key={name} className="pair">
              <dt>{name}</dt>
              <dd>{n}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="row">
        <button type="button" onClick={() => void exportJson()} aria-describedby="export-hint">
          {t('diag.export')}
        </button>
        <small id="export-hint">{t('diag.exportHint')}</small>
      </div>
      <h2>{t('diag.journal')}</h2>
      {journal.length === 0 ? (
        <p>{t('diag.empty')}</p>
      ) : (
        <div className="scroll">
          <table className="table compact journal" data-testid="journal">
            <thead>
              <tr>
                <th scope="col">{t('diag.col.time')}</th>
                <th scope="col">{t('diag.col.operation')}</th>
                <th scope="col">{t('diag.col.outcome')}</th>
                <th scope="col">{t('diag.col.attempt')}</th>
                <th scope="col">{t('diag.col.delay')}</th>
              </tr>
            </thead>
            <tbody>
              {journal.map((entry, i) => (
                <tr key={`${entry.at}-${i}`}>
                  <td>{formatClock(entry.at, locale)}</td>
                  <td className="path" title={entry.operation}>
                    {entry.operation}
                  </td>
                  <td>
                    {journalOutcomeText(entry.outcome, t, (ms) => formatDateTime(ms, locale))}
                    {entry.planId !== null && (
                      <span className="quiet"> · {t('diag.night', { id: entry.planId })}</span>
                    )}
                  </td>
                  <td>{entry.attempt ?? '—'}</td>
                  <td>
                    {entry.delayMs === null ? '—' : formatDuration(entry.delayMs / 1000, locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
};

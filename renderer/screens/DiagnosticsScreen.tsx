import { CountersList } from '../diagnostics/CountersList';
import { JournalTable } from '../diagnostics/JournalTable';
import { useDiagnostics } from '../diagnostics/useDiagnostics';
import { useT } from '../i18n/useT';

/** Diagnostics: the retry policy's counters, the export, and the journal of its decisions. */
export const DiagnosticsScreen = () => {
  const t = useT();
  const { counters, journal, exportJson } = useDiagnostics();
  return (
    <section aria-labelledby="diag-title">
      <h1 id="diag-title">{t('diag.title')}</h1>
      <h2>{t('diag.counters')}</h2>
      {counters !== null && <CountersList counters={counters} />}
      <div className="row">
        <button type="button" onClick={() => void exportJson()} aria-describedby="export-hint">
          {t('diag.export')}
        </button>
        <small id="export-hint">{t('diag.exportHint')}</small>
      </div>
      <h2>{t('diag.journal')}</h2>
      {journal.length === 0 ? <p>{t('diag.empty')}</p> : <JournalTable journal={journal} />}
    </section>
  );
};

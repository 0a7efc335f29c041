import type { JournalEntryView } from '../../shared/ipc/views';
import { formatClock, formatDateTime } from '../format/formatClock';
import { formatDuration } from '../format/formatDuration';
import { journalOutcomeText } from '../format/journalOutcomeText';
import { useLanguage } from '../i18n/useLanguage';
import { ColumnHeads } from '../components/ColumnHeads';

/** The journal's entries, newest first: when, which operation, its outcome, attempt and delay. */
export const JournalTable = ({ journal }: { readonly journal: readonly JournalEntryView[] }) => {
  const { t, locale } = useLanguage();
  return (
    <div className="scroll">
      <table className="table compact journal" data-testid="journal">
        <ColumnHeads
          keys={[
            'diag.col.time',
            'diag.col.operation',
            'diag.col.outcome',
            'diag.col.attempt',
            'diag.col.delay',
          ]}
        />
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
              <td>{entry.delayMs === null ? '—' : formatDuration(entry.delayMs / 1000, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

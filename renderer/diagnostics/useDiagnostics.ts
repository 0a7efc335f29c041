import { useEffect, useState } from 'react';
import type { CountersView, JournalEntryView } from '../../shared/ipc/views';
import { useDepotStore } from '../store/useDepotStore';

/** The policy's counters and the last 200 journal entries, read again every two seconds. */
export const useDiagnostics = (): {
  readonly counters: CountersView | null;
  readonly journal: readonly JournalEntryView[];
  readonly exportJson: () => Promise<void>;
} => {
  const api = useDepotStore((s) => s.api);
  const second = useDepotStore((s) => Math.floor(s.now / 2000));
  const [counters, setCounters] = useState<CountersView | null>(null);
  const [journal, setJournal] = useState<readonly JournalEntryView[]>([]);

  useEffect(() => {
    if (api === undefined) return;
    void api.diagnostics.counters().then((r) => r.ok && setCounters(r.value));
    void api.diagnostics.journal({ limit: 200 }).then((r) => r.ok && setJournal(r.value));
  }, [api, second]);

  /** The diagnostics file, downloaded by the page (the same in Electron and the bridge). */
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

  return { counters, journal, exportJson };
};

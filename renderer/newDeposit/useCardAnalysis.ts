import { useEffect, useRef, useState } from 'react';
import type { IpcError } from '../../shared/ipc/Result';
import type { PreflightView, ProgrammeView } from '../../shared/ipc/views';
import { useDepotStore } from '../store/useDepotStore';
import type { NightFields } from './useNightFields';

export type Busy = 'checking' | 'starting' | null;

export type CardAnalysis = {
  readonly dir: string;
  readonly setDir: (dir: string) => void;
  readonly report: PreflightView | null;
  /**
   * Which analysis the summary shows: a second folder's summary replaces the first's in place,
   * and whoever reads it (a person, a test) must know it is the new one.
   */
  readonly analyses: number;
  /** A native folder dialog exists (not through the bridge). */
  readonly canChoose: boolean;
  readonly check: (path: string, keepTyped?: boolean) => Promise<void>;
  readonly choose: () => Promise<void>;
};

/** Choosing the card: its folder typed, chosen or dropped, and the backend's analysis of it. */
export const useCardAnalysis = (options: {
  readonly typed: NightFields;
  readonly programme: ProgrammeView | null;
  readonly setBusy: (busy: Busy) => void;
  readonly setError: (error: IpcError | null) => void;
  /** A new analysis: the questions about the last one are asked again. */
  readonly onAnalysed: (portal: boolean) => void;
}): CardAnalysis => {
  const { typed, programme, setBusy, setError } = options;
  const api = useDepotStore((s) => s.api);
  const draft = useDepotStore((s) => s.draft);
  const setDraft = useDepotStore((s) => s.setDraft);
  // What was typed stays when the volunteer looks at another screen (issue 31, item 12).
  const [dir, setDirState] = useState(draft.dir);
  const setDir = (value: string): void => {
    setDirState(value);
    setDraft({ dir: value });
  };
  const [report, setReport] = useState<PreflightView | null>(null);
  const [analyses, setAnalyses] = useState(0);
  const [canChoose, setCanChoose] = useState(true);
  useEffect(() => {
    // The bridge has no native dialog: the path field is the way there.
    void api?.app.info().then((r) => r.ok && r.value.mode === 'bridge' && setCanChoose(false));
  }, [api]);

  // Only the last analysis asked speaks: the folder typed last time, analysed again as the screen
  // opens, must never replace the summary of the folder typed since.
  const lastCheck = useRef(0);
  const check = async (path: string, keepTyped = false): Promise<void> => {
    if (api === undefined || path.trim() === '') return;
    const asked = ++lastCheck.current;
    setBusy('checking');
    setError(null);
    const result = await api.preflight.run({ dir: path.trim() });
    if (asked !== lastCheck.current) return;
    setBusy(null);
    if (!result.ok) {
      setReport(null);
      setError(result.error);
      return;
    }
    const sameFolder = keepTyped || (report !== null && report.dir === result.value.dir);
    setReport(result.value);
    setAnalyses((n) => n + 1);
    options.onAnalysed(programme?.destination.kind === 'vigiechiro');
    // The backend expanded `~` and resolved the path: show what was analysed.
    setDir(result.value.dir);
    // A new folder brings its own date and site: what was typed for another folder must not stay.
    const keep = (v: string, suggested: string | null): string =>
      sameFolder ? v || (suggested ?? '') : (suggested ?? '');
    typed.setSite((v) => keep(v, result.value.suggested.site));
    typed.setPoint((v) => keep(v, result.value.suggested.point));
    typed.setNight((v) => keep(v, result.value.suggested.night));
  };

  // Back on this screen with a folder typed before: its summary comes back too.
  useEffect(() => {
    if (draft.dir !== '' && report === null) void check(draft.dir, true);
    // Only when the screen opens: `check` and the draft then move with what is typed.
  }, []);

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

  return { dir, setDir, report, analyses, canChoose, check, choose };
};

import { useEffect, useState } from 'react';
import type { DepotApi } from '../../shared/ipc/DepotApi';
import type { IpcError } from '../../shared/ipc/Result';
import type { SettingsView } from '../../shared/ipc/views';

export type ProgrammeSaid =
  | { readonly kind: 'imported'; readonly name: string }
  | { readonly kind: 'removed' }
  | { readonly kind: 'refused'; readonly error: IpcError };

export type ProgrammeImport = {
  /** A native picker exists (Electron); else the path is typed (the bridge). */
  readonly canChoose: boolean;
  readonly path: string;
  readonly setPath: (path: string) => void;
  readonly busy: boolean;
  readonly said: ProgrammeSaid | null;
  readonly importFrom: (source: { path: string } | { text: string }) => Promise<void>;
  readonly choose: () => Promise<void>;
  readonly remove: () => Promise<void>;
};

/** The profile's import and removal, and what the last one said; `onChange` gets the new settings. */
export const useProgrammeImport = (
  api: DepotApi | undefined,
  onChange: (view: SettingsView) => void,
): ProgrammeImport => {
  const [canChoose, setCanChoose] = useState(true);
  const [path, setPath] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<ProgrammeSaid | null>(null);

  useEffect(() => {
    // The bridge has no native dialog: the path field is the way there.
    void api?.app.info().then((r) => r.ok && r.value.mode === 'bridge' && setCanChoose(false));
  }, [api]);

  const importFrom = async (source: { path: string } | { text: string }): Promise<void> => {
    if (api === undefined) return;
    setBusy(true);
    setSaid(null);
    const result = await api.programme.import(source);
    setBusy(false);
    if (!result.ok) {
      setSaid({ kind: 'refused', error: result.error });
      return;
    }
    setPath('');
    onChange(result.value);
    setSaid({ kind: 'imported', name: result.value.programme?.name ?? '' });
  };

  const choose = async (): Promise<void> => {
    if (api === undefined) return;
    const chosen = await api.dialog.chooseProgramme();
    if (!chosen.ok) return;
    if (chosen.value.kind === 'unsupported') setCanChoose(false);
    if (chosen.value.kind === 'chosen') await importFrom({ path: chosen.value.path });
  };

  const remove = async (): Promise<void> => {
    if (api === undefined) return;
    const result = await api.programme.remove();
    if (!result.ok) {
      setSaid({ kind: 'refused', error: result.error });
      return;
    }
    onChange(result.value);
    setSaid({ kind: 'removed' });
  };

  return { canChoose, path, setPath, busy, said, importFrom, choose, remove };
};

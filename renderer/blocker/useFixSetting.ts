import { useState } from 'react';
import type { FormEvent } from 'react';
import type { IpcError } from '../../shared/ipc/Result';
import type { PlanView } from '../../shared/ipc/views';
import { useDepotStore } from '../store/useDepotStore';
import type { FixedSetting } from './FixedSetting';
import { settingsWithFix } from './settingsWithFix';

export type FixSaid = { readonly ok: boolean; readonly error?: IpcError };

export type FixSettingForm = {
  readonly value: string;
  readonly setValue: (value: string) => void;
  /** The secret key, with a key's id. */
  readonly secret: string;
  readonly setSecret: (secret: string) => void;
  readonly busy: boolean;
  readonly said: FixSaid | null;
  /** The programme's profile fixes this setting: only its coordinator can correct it. */
  readonly fixedByProgramme: boolean;
  readonly apply: (event: FormEvent) => Promise<void>;
};

/** The corrected setting typed, then saved over the current settings, and the nights read again. */
export const useFixSetting = (plan: PlanView, setting: FixedSetting): FixSettingForm => {
  const api = useDepotStore((s) => s.api);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const [value, setValue] = useState(
    setting === 'endpoint' ? plan.endpoint : setting === 'bucket' ? plan.bucket : '',
  );
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<FixSaid | null>(null);
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
    if (current.value.programme !== null && setting !== 'credentials') {
      setBusy(false);
      setFixedByProgramme(true);
      return;
    }
    const result = await api.settings.set(settingsWithFix(current.value, setting, value, secret));
    setBusy(false);
    setSecret('');
    setSaid(result.ok ? { ok: true } : { ok: false, error: result.error });
    await refresh();
  };

  return { value, setValue, secret, setSecret, busy, said, fixedByProgramme, apply };
};

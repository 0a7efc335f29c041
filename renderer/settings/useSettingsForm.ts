import { useEffect, useState } from 'react';
import type { ConnectionVerdict, SettingsView } from '../../shared/ipc/views';
import { prefixTemplateProblem } from '../../shared/field/prefixTemplateProblem';
import type { PrefixTemplateProblem } from '../../shared/field/prefixTemplateProblem';
import type { IpcError } from '../../shared/ipc/Result';
import type { MessageKey } from '../i18n/fr';
import { useDepotStore } from '../store/useDepotStore';

export const MB = 1_000_000;

/** A key, not a text: saving may switch the language, and the message must follow it. */
export type SettingsMessage = { readonly key: MessageKey; readonly error?: IpcError };

/** The verdict with what was tested: it speaks of that address, never of the one typed since. */
export type TestedVerdict = {
  readonly verdict: ConnectionVerdict;
  readonly endpoint: string;
  readonly unsaved: boolean;
};

export type SettingsForm = {
  readonly settings: SettingsView;
  /** A field changed: the verdict and the message about other values go (issue 31). */
  readonly update: (patch: Partial<SettingsView>) => void;
  /** A programme's profile imported or removed: the settings it gives, nothing left to save. */
  readonly replaced: (view: SettingsView) => void;
  readonly saved: (view: SettingsView) => void;
  readonly accessKeyId: string;
  readonly setAccessKeyId: (value: string) => void;
  readonly secret: string;
  readonly setSecret: (value: string) => void;
  readonly bwlimit: string;
  readonly setBwlimit: (value: string) => void;
  readonly message: SettingsMessage | null;
  readonly setMessage: (message: SettingsMessage | null) => void;
  /** Fields changed since the last load or save: a test must not run on the old, saved values. */
  readonly dirty: boolean;
  readonly verdict: TestedVerdict | null;
  readonly setVerdict: (verdict: TestedVerdict | null) => void;
  readonly portalProfile: boolean;
  /** A programme's prefix uses its own fields as placeholders: the profile was checked on import. */
  readonly prefixProblem: PrefixTemplateProblem | undefined;
};

/** Réglages as typed: the saved settings, what changed since, and what was said of them. */
export const useSettingsForm = (): SettingsForm | null => {
  const api = useDepotStore((s) => s.api);
  const setConfigured = useDepotStore((s) => s.setConfigured);
  const setLocale = useDepotStore((s) => s.setLocale);
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const [accessKeyId, setAccessKeyId] = useState('');
  const [secret, setSecret] = useState('');
  const [bwlimit, setBwlimit] = useState('');
  const [message, setMessage] = useState<SettingsMessage | null>(null);
  const [dirty, setDirty] = useState(false);
  const [verdict, setVerdict] = useState<TestedVerdict | null>(null);

  useEffect(() => {
    if (api === undefined) return;
    void api.settings.get().then((r) => {
      if (!r.ok) return;
      setSettings(r.value);
      setBwlimit(
        r.value.bwlimitBytesPerSec === null ? '' : String(r.value.bwlimitBytesPerSec / MB),
      );
    });
  }, [api]);

  if (settings === null) return null;
  return {
    settings,
    update: (patch) => {
      setSettings({ ...settings, ...patch });
      setDirty(true);
      setVerdict(null);
      setMessage(null);
    },
    replaced: (view) => {
      setSettings(view);
      setConfigured(view.endpoint !== '' && view.bucket !== '' && view.credentials === 'set');
      setMessage(null);
      setVerdict(null);
      setDirty(false);
    },
    saved: (view) => {
      // The secret leaves the page as soon as it is saved: the form never shows it again.
      setAccessKeyId('');
      setSecret('');
      setSettings(view);
      setConfigured(view.credentials === 'set');
      setLocale(view.locale);
      setMessage({ key: 'settings.saved' });
      setDirty(false);
    },
    accessKeyId,
    setAccessKeyId,
    secret,
    setSecret,
    bwlimit,
    setBwlimit,
    message,
    setMessage,
    dirty,
    verdict,
    setVerdict,
    portalProfile: settings.programme?.destination.kind === 'vigiechiro',
    prefixProblem:
      settings.programme === null ? prefixTemplateProblem(settings.prefixTemplate) : undefined,
  };
};

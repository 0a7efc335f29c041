import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { ConnectionVerdict, Locale, SettingsView } from '../../shared/ipc/views';
import {
  PREFIX_PLACEHOLDERS,
  prefixTemplateProblem,
} from '../../shared/field/prefixTemplateProblem';
import type { PrefixTemplateProblem } from '../../shared/field/prefixTemplateProblem';
import { MIN_BWLIMIT_BYTES_PER_SEC } from '../../shared/domain/minimumBandwidth';
import type { IpcError } from '../../shared/ipc/Result';
import { errorText } from '../i18n/errorText';
import { clockOffText } from '../format/clockOffText';
import { useT } from '../i18n/useT';
import type { MessageKey } from '../i18n/fr';
import { useDepotStore } from '../store/useDepotStore';
import { ProgrammeSection } from '../components/ProgrammeSection';

const MB = 1_000_000;

/** The reason a prefix template is refused, in the volunteer's language. */
const prefixProblemText = (t: ReturnType<typeof useT>, problem: PrefixTemplateProblem): string => {
  switch (problem.kind) {
    case 'leading-slash':
      return t('settings.prefixProblem.leading-slash', { example: '{site}/{point}/{night}' });
    case 'unbalanced-brace':
      return t('settings.prefixProblem.unbalanced-brace', { at: problem.at + 1 });
    case 'unknown-placeholder':
      return t('settings.prefixProblem.unknown-placeholder', {
        name: problem.name,
        known: PREFIX_PLACEHOLDERS.map((p) => `{${p}}`).join(', '),
      });
    case 'too-long':
      return t('settings.prefixProblem.too-long', { max: problem.max });
    default:
      return t(`settings.prefixProblem.${problem.kind}`);
  }
};

const Verdict = ({
  verdict,
  endpoint,
}: {
  readonly verdict: ConnectionVerdict;
  readonly endpoint: string;
}) => {
  const t = useT();
  const folder = verdict.folder;
  const conditional = verdict.conditionalWrites;
  /** `limit`: a "no" that limits a promise without stopping the deposit, not shown as a failure. */
  const line = (label: MessageKey, value: boolean | null, limit = false) => (
    <li data-ok={limit && value === false ? 'limit' : String(value)}>
      <span aria-hidden="true">{value === null ? '–' : value ? '✓' : limit ? '!' : '✗'} </span>
      {t('settings.verdict.line', {
        label: t(label, { folder }),
        value: t(
          value === null
            ? 'settings.verdict.unknown'
            : value
              ? 'settings.verdict.yes'
              : 'settings.verdict.no',
        ),
      })}
    </li>
  );
  const allGood =
    verdict.reachable && verdict.credentialsAccepted === true && verdict.bucketWritable === true;
  return (
    <div className="verdict" role="status" data-testid="verdict" data-ok={String(allGood)}>
      <p>
        <strong>{allGood ? t('settings.verdict.ok') : t('settings.verdict.ko')}</strong>
        {verdict.status !== undefined && (
          <> ({t('cause.status', { status: verdict.status, code: verdict.code ?? '' })})</>
        )}
      </p>
      {verdict.problem !== undefined && (
        <p data-testid="verdict-problem">
          {t(`settings.verdict.problem.${verdict.problem}`, { endpoint })}
          {verdict.skewMs !== undefined && <> {clockOffText(t, verdict.skewMs)}</>}
        </p>
      )}
      {/* One sentence per missing thing, naming it and the folder (issue 29). */}
      {verdict.credentialsAccepted === false && (
        <p data-testid="verdict-sentence">{t('settings.verdict.wrongSecret')}</p>
      )}
      {verdict.bucketWritable === false && (
        <p data-testid="verdict-sentence">{t('settings.verdict.cannotWrite', { folder })}</p>
      )}
      {verdict.canList === false && (
        <p data-testid="verdict-sentence">{t('settings.verdict.cannotList', { folder })}</p>
      )}
      <ul>
        {line('settings.verdict.reachable', verdict.reachable)}
        {line('settings.verdict.credentials', verdict.credentialsAccepted)}
        {line('settings.verdict.bucket', verdict.bucketExists)}
        {line('settings.verdict.list', verdict.canList)}
        {line('settings.verdict.writable', verdict.bucketWritable)}
        {conditional !== undefined && (
          <>
            {line('settings.verdict.putIfNoneMatch', conditional.putIfNoneMatch, true)}
            {line('settings.verdict.completeIfMatch', conditional.completeIfMatch, true)}
          </>
        )}
      </ul>
      {/* What the server does not honour is a limit of Depot's promise there (issue 30 item 3). */}
      {conditional?.putIfNoneMatch === false && (
        <p data-testid="verdict-conditional">{t('settings.verdict.noConditional')}</p>
      )}
      {conditional?.putIfNoneMatch === true && conditional.completeIfMatch === false && (
        <p data-testid="verdict-conditional">{t('settings.verdict.completeUnguarded')}</p>
      )}
      {conditional !== undefined && (
        <p className="quiet">{t('settings.verdict.marker', { key: conditional.marker })}</p>
      )}
    </div>
  );
};

export const SettingsScreen = () => {
  const t = useT();
  const api = useDepotStore((s) => s.api);
  const setLocale = useDepotStore((s) => s.setLocale);
  const setConfigured = useDepotStore((s) => s.setConfigured);
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const [accessKeyId, setAccessKeyId] = useState('');
  const [secret, setSecret] = useState('');
  const [bwlimit, setBwlimit] = useState('');
  // A key, not a text: saving may switch the language, and the message must follow it.
  const [message, setMessage] = useState<{ key: MessageKey; error?: IpcError } | null>(null);
  // Fields changed since the last load or save: a test must not run on the old, saved values.
  const [dirty, setDirty] = useState(false);
  // The verdict with what was tested: it speaks of that address, never of the one typed since.
  const [verdict, setVerdict] = useState<{
    readonly verdict: ConnectionVerdict;
    readonly endpoint: string;
    readonly unsaved: boolean;
  } | null>(null);
  const [testing, setTesting] = useState(false);
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Said where the buttons are, in view at 1366x768 (issue 31, item 12).
    if (verdict !== null || message !== null)
      outcome.current?.scrollIntoView?.({ block: 'nearest' });
  }, [verdict, message]);

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

  if (settings === null || api === undefined) return null;
  // A verdict or a message about other values is no longer true once a field changes (issue 31).
  const update = (patch: Partial<SettingsView>): void => {
    setSettings({ ...settings, ...patch });
    setDirty(true);
    setVerdict(null);
    setMessage(null);
  };

  const portalProfile = settings.programme?.destination.kind === 'vigiechiro';
  // A programme's prefix uses its own fields as placeholders: the profile was checked on import.
  const prefixProblem =
    settings.programme === null ? prefixTemplateProblem(settings.prefixTemplate) : undefined;

  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    await persist();
  };

  const persist = async (): Promise<boolean> => {
    setMessage(null);
    // Refused here, in the volunteer's language, before the backend refuses it too.
    if (prefixProblem !== undefined) {
      setMessage({ key: 'settings.notSavedProblem' });
      return false;
    }
    const rate = bwlimit.trim() === '' ? null : Math.round(Number(bwlimit.replace(',', '.')) * MB);
    if (rate !== null && !(rate >= MIN_BWLIMIT_BYTES_PER_SEC)) {
      setMessage({ key: 'settings.bwlimitTooLow' });
      return false;
    }
    const result = await api.settings.set({
      // A portal's profile fixes no bucket: none is sent, the stored one (maybe none) stays.
      ...(portalProfile
        ? {}
        : { endpoint: settings.endpoint, region: settings.region, bucket: settings.bucket }),
      ...(settings.programme === null ? { prefixTemplate: settings.prefixTemplate } : {}),
      pathStyle: settings.pathStyle,
      concurrency: settings.concurrency,
      bwlimitBytesPerSec: rate,
      keepRunningInBackground: settings.keepRunningInBackground,
      locale: settings.locale,
      ...(accessKeyId !== '' && secret !== ''
        ? { credentials: { accessKeyId, secretAccessKey: secret } }
        : {}),
    });
    if (!result.ok) {
      setMessage({ key: 'error.generic', error: result.error });
      return false;
    }
    // The secret leaves the page as soon as it is saved: the form never shows it again.
    setAccessKeyId('');
    setSecret('');
    setSettings(result.value);
    setConfigured(result.value.credentials === 'set');
    setLocale(result.value.locale);
    setMessage({ key: 'settings.saved' });
    setDirty(false);
    return true;
  };

  const test = async (): Promise<void> => {
    setTesting(true);
    setVerdict(null);
    setMessage(null);
    // What is on screen is what gets tested, and only tested: a wrong value never replaces the
    // saved one behind the volunteer's back (issue 31, item 9).
    const typedCredentials = accessKeyId !== '' && secret !== '';
    const result = await api.settings.testConnection({
      endpoint: settings.endpoint,
      region: settings.region,
      bucket: settings.bucket,
      pathStyle: settings.pathStyle,
      ...(typedCredentials ? { credentials: { accessKeyId, secretAccessKey: secret } } : {}),
    });
    setTesting(false);
    if (result.ok)
      setVerdict({
        verdict: result.value,
        endpoint: settings.endpoint,
        unsaved: dirty || typedCredentials,
      });
    else setMessage({ key: 'error.generic', error: result.error });
  };

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <p className="quiet" data-testid="applies-to-new">
        {t('settings.appliesToNew')}
      </p>
      <ProgrammeSection
        settings={settings}
        onChange={(view) => {
          setSettings(view);
          setConfigured(view.endpoint !== '' && view.bucket !== '' && view.credentials === 'set');
          setMessage(null);
          setVerdict(null);
          setDirty(false);
        }}
      />
      <form className="settings" onSubmit={(e) => void save(e)}>
        {/* A programme's profile fixes these: shown above, not editable. */}
        {settings.programme === null && (
          <>
            <label>
              {t('settings.endpoint')}
              <input
                name="endpoint"
                type="url"
                required
                value={settings.endpoint}
                onChange={(e) => update({ endpoint: e.target.value })}
              />
            </label>
            <label>
              {t('settings.region')}
              <input
                name="region"
                required
                value={settings.region}
                onChange={(e) => update({ region: e.target.value })}
              />
            </label>
            <label>
              {t('settings.bucket')}
              <input
                name="bucket"
                required
                value={settings.bucket}
                onChange={(e) => update({ bucket: e.target.value })}
              />
            </label>
            <label>
              {t('settings.prefixTemplate')}
              <input
                name="prefixTemplate"
                value={settings.prefixTemplate}
                onChange={(e) => update({ prefixTemplate: e.target.value })}
                aria-describedby="prefix-hint"
                aria-invalid={prefixProblem !== undefined}
              />
              <small id="prefix-hint">{t('settings.prefixHint')}</small>
              {prefixProblem !== undefined && (
                <span role="alert" className="field-problem" data-testid="prefix-problem">
                  {prefixProblemText(t, prefixProblem)}
                </span>
              )}
            </label>
            <label className="check">
              <input
                type="checkbox"
                name="pathStyle"
                checked={settings.pathStyle}
                onChange={(e) => update({ pathStyle: e.target.checked })}
              />{' '}
              {t('settings.pathStyle')}
            </label>
          </>
        )}
        {/* A portal takes the volunteer's sign-in (Portail), never a storage key. */}
        <fieldset hidden={portalProfile}>
          <legend>
            {settings.credentials === 'set'
              ? t('settings.credentialsSet')
              : t('settings.credentialsNotSet')}
          </legend>
          <label>
            {t('settings.accessKeyId')}
            <input
              name="accessKeyId"
              autoComplete="off"
              value={accessKeyId}
              onChange={(e) => setAccessKeyId(e.target.value)}
            />
          </label>
          <label>
            {t('settings.secretAccessKey')}
            <input
              name="secretAccessKey"
              type="password"
              autoComplete="new-password"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
            />
          </label>
        </fieldset>
        <label>
          {t('settings.concurrency')}
          <input
            name="concurrency"
            type="number"
            min={1}
            max={16}
            value={settings.concurrency}
            onChange={(e) => update({ concurrency: Number(e.target.value) })}
          />
        </label>
        <label>
          {t('settings.bwlimit')}
          <input
            name="bwlimit"
            inputMode="decimal"
            value={bwlimit}
            onChange={(e) => setBwlimit(e.target.value)}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            name="keepRunningInBackground"
            checked={settings.keepRunningInBackground}
            onChange={(e) => update({ keepRunningInBackground: e.target.checked })}
          />{' '}
          {t('settings.background')}
        </label>
        <label>
          {t('settings.language')}
          <select
            name="locale"
            value={settings.locale}
            onChange={(e) => update({ locale: e.target.value as Locale })}
          >
            <option value="fr">Français</option>
            <option value="en">English</option>
          </select>
        </label>
        <div className="row">
          <button type="submit" className="primary">
            {t('settings.save')}
          </button>
          <button
            type="button"
            hidden={portalProfile}
            onClick={() => void test()}
            disabled={testing}
          >
            {testing ? t('settings.testing') : t('settings.test')}
          </button>
        </div>
        <div ref={outcome} className="settings-outcome">
          {message !== null && (
            <p role="status" data-testid="settings-message">
              {t(message.key, {
                message: message.error === undefined ? '' : errorText(message.error, t),
                min: (MIN_BWLIMIT_BYTES_PER_SEC / MB).toLocaleString(settings.locale, {
                  maximumFractionDigits: 2,
                }),
              })}
            </p>
          )}
          {verdict !== null && (
            <>
              <Verdict verdict={verdict.verdict} endpoint={verdict.endpoint} />
              {verdict.unsaved && (
                <p className="note" data-testid="tested-unsaved">
                  {t('settings.testedUnsaved')}
                </p>
              )}
            </>
          )}
        </div>
      </form>
    </section>
  );
};

import { useEffect, useState } from 'react';
import type { IpcError } from '../../shared/ipc/Result';
import type { SettingsView } from '../../shared/ipc/views';
import { errorText } from '../i18n/errorText';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';

type Said =
  | { readonly kind: 'imported'; readonly name: string }
  | { readonly kind: 'removed' }
  | { readonly kind: 'refused'; readonly error: IpcError };

/**
 * "Importer le profil du programme" (issue 29): the coordinator's file, chosen with the native
 * picker (Electron), typed as a path (the bridge, as the folder field is), or dropped on the
 * section. Once imported, what the profile fixes is shown here and not editable; "Retirer le
 * profil" goes back to typing the settings by hand.
 */
export const ProgrammeSection = ({
  settings,
  onChange,
}: {
  readonly settings: SettingsView;
  readonly onChange: (view: SettingsView) => void;
}) => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const api = useDepotStore((s) => s.api);
  const [canChoose, setCanChoose] = useState(true);
  const [path, setPath] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);
  const programme = settings.programme;

  useEffect(() => {
    // The bridge has no native dialog: the path field is the way there.
    void api?.app.info().then((r) => r.ok && r.value.mode === 'bridge' && setCanChoose(false));
  }, [api]);

  if (api === undefined) return null;

  const importFrom = async (source: { path: string } | { text: string }): Promise<void> => {
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
    const chosen = await api.dialog.chooseProgramme();
    if (!chosen.ok) return;
    if (chosen.value.kind === 'unsupported') setCanChoose(false);
    if (chosen.value.kind === 'chosen') await importFrom({ path: chosen.value.path });
  };

  const remove = async (): Promise<void> => {
    const result = await api.programme.remove();
    if (!result.ok) {
      setSaid({ kind: 'refused', error: result.error });
      return;
    }
    onChange(result.value);
    setSaid({ kind: 'removed' });
  };

  const importLabel = programme === null ? t('programme.import') : t('programme.importAgain');
  return (
    <section
      className="programme"
      aria-labelledby="programme-title"
      data-testid="programme"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        // The profile's file dropped here: its text is read in the page, in both modes.
        e.preventDefault();
        const file = e.dataTransfer.files[0];
        if (file !== undefined) void file.text().then((text) => importFrom({ text }));
      }}
    >
      <h2 id="programme-title">
        {programme === null ? t('programme.title') : t('programme.inUse', { name: programme.name })}
      </h2>
      {programme === null ? (
        <p className="quiet">{t('programme.none')}</p>
      ) : (
        <>
          <p className="quiet">
            {t('programme.version', {
              version: programme.version,
              hash: programme.sha256.slice(0, 12),
            })}
            {' · '}
            {t('programme.fixedHint')}
          </p>
          <dl className="facts" data-testid="programme-fixed">
            {programme.destination.kind === 's3' ? (
              <>
                <dt>{t('programme.endpoint')}</dt>
                <dd>
                  <code>{programme.destination.endpoint}</code>
                </dd>
                <dt>{t('programme.region')}</dt>
                <dd>{programme.destination.region}</dd>
                <dt>{t('programme.bucket')}</dt>
                <dd>
                  <code>{programme.destination.bucket}</code>
                </dd>
                <dt>{t('programme.addressing')}</dt>
                <dd>
                  {programme.destination.pathStyle
                    ? t('programme.addressing.path')
                    : t('programme.addressing.virtual')}
                </dd>
                <dt>{t('programme.prefix')}</dt>
                <dd>
                  <code>{programme.prefixTemplate}</code>
                </dd>
              </>
            ) : (
              <>
                <dt>{t('portal.title')}</dt>
                <dd>
                  <code>{programme.destination.api}</code>
                </dd>
              </>
            )}
            <dt>{t('programme.nameTemplate')}</dt>
            <dd>
              {programme.nameTemplate === null ? (
                t('programme.nameKept')
              ) : (
                <code>{programme.nameTemplate}</code>
              )}
            </dd>
            {programme.namePattern !== null && (
              <>
                <dt>{t('programme.pattern')}</dt>
                <dd>
                  <code className="pattern">{programme.namePattern}</code>
                </dd>
              </>
            )}
            <dt>{t('programme.otherFiles')}</dt>
            <dd>{t(`programme.otherFiles.${programme.otherFiles}`)}</dd>
            <dt>{t('programme.timeZone')}</dt>
            <dd>{programme.timeZone ?? '—'}</dd>
            <dt>{t('programme.fields')}</dt>
            <dd>
              {programme.fields.map((f) => (
                <div key={f.name}>
                  {t('programme.field', { label: f.label[locale], pattern: f.pattern })}
                </div>
              ))}
            </dd>
          </dl>
        </>
      )}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (canChoose) void choose();
          else if (path.trim() !== '') void importFrom({ path: path.trim() });
        }}
      >
        {!canChoose && (
          <label className="grow">
            {t('programme.path')}
            <input
              name="programmePath"
              value={path}
              onChange={(e) => setPath(e.target.value)}
              autoComplete="off"
              aria-describedby="programme-path-hint"
            />
            <small id="programme-path-hint">
              {t('programme.pathHint')} {t('programme.dropHint')}
            </small>
          </label>
        )}
        <button
          type="submit"
          className={programme === null ? 'primary' : undefined}
          disabled={busy || (!canChoose && path.trim() === '')}
        >
          {canChoose ? `${importLabel}…` : importLabel}
        </button>
        {programme !== null && (
          <button type="button" onClick={() => void remove()}>
            {t('programme.remove')}
          </button>
        )}
      </form>
      {said !== null && (
        <p
          role={said.kind === 'refused' ? 'alert' : 'status'}
          className={said.kind === 'refused' ? 'error' : 'ok'}
          data-testid="programme-said"
        >
          {said.kind === 'refused'
            ? t('error.generic', { message: errorText(said.error, t, locale) })
            : said.kind === 'imported'
              ? t('programme.imported', { name: said.name })
              : t('programme.removed')}
        </p>
      )}
    </section>
  );
};

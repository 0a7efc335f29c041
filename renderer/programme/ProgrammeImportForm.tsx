import { useT } from '../i18n/useT';
import type { ProgrammeImport } from './useProgrammeImport';

/** "Importer le profil…" (the native picker) or its path typed, and "Retirer le profil". */
export const ProgrammeImportForm = ({
  imports,
  inUse,
}: {
  readonly imports: ProgrammeImport;
  readonly inUse: boolean;
}) => {
  const t = useT();
  const { canChoose, path, setPath, busy, importFrom, choose, remove } = imports;
  const importLabel = inUse ? t('programme.importAgain') : t('programme.import');
  return (
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
        className={inUse ? undefined : 'primary'}
        disabled={busy || (!canChoose && path.trim() === '')}
      >
        {canChoose ? `${importLabel}…` : importLabel}
      </button>
      {inUse && (
        <button type="button" onClick={() => void remove()}>
          {t('programme.remove')}
        </button>
      )}
    </form>
  );
};

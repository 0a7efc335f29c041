import { useT } from '../i18n/useT';
import type { ProgrammeImport } from './useProgrammeImport';
import { TextField } from '../components/TextField';

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
        <TextField
          labelClass="grow"
          label={t('programme.path')}
          name="programmePath"
          value={path}
          onValue={setPath}
          autoComplete="off"
          aria-describedby="programme-path-hint"
        >
          <small id="programme-path-hint">
            {t('programme.pathHint')} {t('programme.dropHint')}
          </small>
        </TextField>
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

import { useT } from '../i18n/useT';
import type { Busy, CardAnalysis } from './useCardAnalysis';

/** Choosing the card: its folder typed (or chosen in the native dialog), then analysed. */
export const CardFolderForm = ({
  card,
  busy,
}: {
  readonly card: CardAnalysis;
  readonly busy: Busy;
}) => {
  const t = useT();
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        void card.check(card.dir);
      }}
    >
      <label className="grow">
        {t('new.folder')}
        <input
          name="dir"
          value={card.dir}
          onChange={(e) => card.setDir(e.target.value)}
          aria-describedby="dir-hint"
          autoComplete="off"
        />
        <small id="dir-hint">
          {t('new.folderHint')} {window.depotFiles !== undefined && t('new.dropHint')}
        </small>
      </label>
      {card.canChoose && (
        <button type="button" onClick={() => void card.choose()}>
          {t('new.choose')}
        </button>
      )}
      <button type="submit" disabled={busy !== null || card.dir.trim() === ''}>
        {busy === 'checking' ? t('new.checking') : t('new.check')}
      </button>
    </form>
  );
};

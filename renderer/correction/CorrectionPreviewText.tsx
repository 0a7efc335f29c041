import type { CorrectionPreview } from '../../shared/ipc/views';
import { destinationOf } from '../format/destinationOf';
import { useT } from '../i18n/useT';

/** Where the night would go, what is taken back where it is now, and a few names as they would be. */
export const CorrectionPreviewText = ({ preview }: { readonly preview: CorrectionPreview }) => {
  const t = useT();
  const to = destinationOf(preview.to);
  const from = destinationOf(preview.from.place);
  return (
    <div data-testid="correct-preview">
      <p>
        {t('correct.to')} <code data-testid="correct-to">{to}</code>
      </p>
      {preview.same ? (
        <p className="quiet">{t('correct.same')}</p>
      ) : (
        <p className="warning" data-testid="correct-consequence">
          {preview.from.objects > 0
            ? t('correct.willRemove', { count: preview.from.objects, from })
            : t('correct.nothingToRemove', { from })}
        </p>
      )}
      <ul className="names">
        {preview.examples.map((e) => (
          <li key={e.relPath}>
            <code>{e.relPath}</code> → <code>{e.key}</code>
          </li>
        ))}
      </ul>
    </div>
  );
};

import { ConflictComparison } from '../conflict/ConflictComparison';
import { useConflict } from '../conflict/useConflict';
import { useT } from '../i18n/useT';
import { ErrorAlert } from './ErrorAlert';

/**
 * A conflict settled in the app (issue 31): both sides shown (size, date, checksum where known,
 * what the server's own checksum proves), then the volunteer's choice: keep the server's object
 * (the file is not deposited, and the manifest says so) or deposit the file under the free name
 * the night's rule gives, shown before. Nothing is ever overwritten.
 */
export const ConflictPanel = ({
  planId,
  unitId,
  onSettled,
}: {
  readonly planId: string;
  readonly unitId: string;
  readonly onSettled: (text: string) => void;
}) => {
  const t = useT();
  const { facts, problem, busy, settle } = useConflict(planId, unitId, onSettled);
  if (facts === null)
    return problem === null ? (
      <p className="quiet">{t('conflict.asking')}</p>
    ) : (
      <ErrorAlert error={problem} />
    );
  return (
    <div className="conflict" data-testid="conflict" data-content={facts.content}>
      <ConflictComparison facts={facts} />
      <p>
        <strong>{t(`conflict.content.${facts.content}`)}</strong> <code>{facts.key}</code>
      </p>
      <div className="actions">
        <button
          type="button"
          data-action="keep-server"
          disabled={busy}
          onClick={() => void settle('keep-server-object')}
        >
          {t('conflict.keep')}
        </button>
        <button
          type="button"
          className="primary"
          data-action="free-name"
          disabled={busy || facts.freeKey === null}
          onClick={() => void settle('free-name')}
        >
          {facts.freeKey === null
            ? t('conflict.noFreeName')
            : t('conflict.freeName', { key: facts.freeKey })}
        </button>
      </div>
      <p className="quiet">
        {t('conflict.keepHint')} {t(`conflict.rule.${facts.rule}`)}
      </p>
      <ErrorAlert error={problem} />
    </div>
  );
};

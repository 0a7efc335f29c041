import { useEffect, useState } from 'react';
import type { IpcError } from '../../shared/ipc/Result';
import type { ConflictView } from '../../shared/ipc/views';
import { formatBytes } from '../format/formatBytes';
import { formatDateTime } from '../format/formatClock';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';
import { ErrorAlert } from './ErrorAlert';

const short = (hash: string | null): string => (hash === null ? '—' : `${hash.slice(0, 16)}…`);

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
  const locale = useDepotStore((s) => s.locale);
  const api = useDepotStore((s) => s.api);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const [facts, setFacts] = useState<ConflictView | null>(null);
  const [problem, setProblem] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void api?.units.conflict({ planId, unitId }).then((r) => {
      if (r.ok) setFacts(r.value);
      else setProblem(r.error);
    });
  }, [api, planId, unitId]);

  const settle = async (choice: 'keep-server-object' | 'free-name'): Promise<void> => {
    if (api === undefined || facts === null) return;
    setBusy(true);
    const result = await api.units.settle({ planId, unitId, choice });
    setBusy(false);
    if (!result.ok) {
      setProblem(result.error);
      return;
    }
    await refresh();
    onSettled(
      result.value.kind === 'kept'
        ? t('conflict.keptSaid', { path: facts.relPath })
        : result.value.kind === 'renamed'
          ? t('conflict.renamedSaid', { path: facts.relPath, key: result.value.key })
          : t('conflict.goneSaid', { path: facts.relPath }),
    );
  };

  if (facts === null)
    return problem === null ? (
      <p className="quiet">{t('conflict.asking')}</p>
    ) : (
      <ErrorAlert error={problem} />
    );
  const { local, server } = facts;
  return (
    <div className="conflict" data-testid="conflict" data-content={facts.content}>
      <table className="table compare">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{t('conflict.local')}</th>
            <th scope="col">{t('conflict.server')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('conflict.size')}</th>
            <td data-testid="conflict-local-size">{formatBytes(local.size, locale)}</td>
            <td data-testid="conflict-server-size">
              {server === null ? '—' : formatBytes(server.size, locale)}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('conflict.date')}</th>
            <td>{formatDateTime(local.modifiedAt, locale)}</td>
            <td>{server?.modifiedAt == null ? '—' : formatDateTime(server.modifiedAt, locale)}</td>
          </tr>
          <tr>
            <th scope="row">{t('conflict.checksum')}</th>
            <td>
              <code title={local.md5 ?? ''}>MD5 {short(local.md5)}</code>
            </td>
            <td>
              <code title={server?.etag ?? ''}>
                ETag {server === null ? '—' : short(server.etag)}
              </code>
              {server?.sha256 != null && (
                <>
                  <br />
                  <code title={server.sha256}>SHA-256 {short(server.sha256)}</code>
                </>
              )}
            </td>
          </tr>
        </tbody>
      </table>
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

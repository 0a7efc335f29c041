import type { ConflictView } from '../../shared/ipc/views';
import { formatBytes } from '../format/formatBytes';
import { formatDateTime } from '../format/formatClock';
import { useLanguage } from '../i18n/useLanguage';

const short = (hash: string | null): string => (hash === null ? '—' : `${hash.slice(0, 16)}…`);

/** The file and the server's object side by side: size, date, and each side's checksum. */
export const ConflictComparison = ({ facts }: { readonly facts: ConflictView }) => {
  const { t, locale } = useLanguage();
  const { local, server } = facts;
  return (
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
  );
};

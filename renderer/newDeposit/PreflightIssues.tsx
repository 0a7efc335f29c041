import type { PreflightIssueView } from '../../shared/ipc/views';
import { useLanguage } from '../i18n/useLanguage';
import { CheckField } from '../components/CheckField';

/** The card's problems (the first 50), and how many block "Déposer" unless skipped. */
export const PreflightIssues = ({
  issues,
  blocking,
  skipInvalid,
  onSkipInvalid,
}: {
  readonly issues: readonly PreflightIssueView[];
  readonly blocking: number;
  readonly skipInvalid: boolean;
  readonly onSkipInvalid: (skip: boolean) => void;
}) => {
  const { t, locale } = useLanguage();
  return (
    <>
      <h3>{t('new.warnings')}</h3>
      {issues.length === 0 ? (
        <p>{t('new.noWarnings')}</p>
      ) : (
        <ul className="issues">
          {issues.slice(0, 50).map((issue) => (
            <li key={`${issue.relPath}:${issue.kind}`} data-decision={issue.decision}>
              <strong>{t(`new.decision.${issue.decision}`)}</strong> ·{' '}
              {issue.relPath !== '' && <code>{issue.relPath}</code>}
              {issue.relPath !== '' && ' — '}
              {issue.message[locale]}
            </li>
          ))}
        </ul>
      )}
      {blocking > 0 && (
        <p className="warning">
          <span aria-hidden="true">! </span>
          {t('new.blocking', { count: blocking })}{' '}
          <CheckField
            inline
            label={t('new.skipInvalid')}
            checked={skipInvalid}
            onChecked={onSkipInvalid}
          />
        </p>
      )}
    </>
  );
};

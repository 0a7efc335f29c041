import type { ConnectionVerdict } from '../../shared/ipc/views';
import { clockOffText } from '../format/clockOffText';
import type { MessageKey } from '../i18n/fr';
import { useT } from '../i18n/useT';

/** One thing the test found, yes, no or unknown; `limit`: a "no" that limits a promise only. */
const VerdictLine = ({
  label,
  value,
  folder,
  limit = false,
}: {
  readonly label: MessageKey;
  readonly value: boolean | null;
  readonly folder: string;
  readonly limit?: boolean;
}) => {
  const t = useT();
  return (
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
};

/** What "Tester la connexion" found at `endpoint`: a verdict, a sentence per missing thing. */
export const ConnectionVerdictView = ({
  verdict,
  endpoint,
}: {
  readonly verdict: ConnectionVerdict;
  readonly endpoint: string;
}) => {
  const t = useT();
  const { folder } = verdict;
  const conditional = verdict.conditionalWrites;
  const line = (label: MessageKey, value: boolean | null, limit = false) => (
    <VerdictLine label={label} value={value} folder={folder} limit={limit} />
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
      <MissingSentences verdict={verdict} />
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

/** One sentence per missing thing, naming it and the folder (issue 29). */
const MissingSentences = ({ verdict }: { readonly verdict: ConnectionVerdict }) => {
  const t = useT();
  const { folder } = verdict;
  return (
    <>
      {verdict.credentialsAccepted === false && (
        <p data-testid="verdict-sentence">{t('settings.verdict.wrongSecret')}</p>
      )}
      {verdict.bucketWritable === false && (
        <p data-testid="verdict-sentence">{t('settings.verdict.cannotWrite', { folder })}</p>
      )}
      {verdict.canList === false && (
        <p data-testid="verdict-sentence">{t('settings.verdict.cannotList', { folder })}</p>
      )}
    </>
  );
};

import type { SettingsView } from '../../shared/ipc/views';
import { useLanguage } from '../i18n/useLanguage';
import { useT } from '../i18n/useT';

/** What the imported profile fixes, shown and not editable: its destination, names and fields. */
export const ProgrammeFacts = ({
  programme,
}: {
  readonly programme: NonNullable<SettingsView['programme']>;
}) => {
  const { t, locale } = useLanguage();
  return (
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
        <ProgrammeDestination
          destination={programme.destination}
          prefix={programme.prefixTemplate}
        />
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
  );
};

/** The profile's storage (address, region, bucket, addressing, prefix) or its portal. */
const ProgrammeDestination = ({
  destination,
  prefix,
}: {
  readonly destination: NonNullable<SettingsView['programme']>['destination'];
  readonly prefix: string;
}) => {
  const t = useT();
  if (destination.kind !== 's3')
    return (
      <>
        <dt>{t('portal.title')}</dt>
        <dd>
          <code>{destination.api}</code>
        </dd>
      </>
    );
  return (
    <>
      <dt>{t('programme.endpoint')}</dt>
      <dd>
        <code>{destination.endpoint}</code>
      </dd>
      <dt>{t('programme.region')}</dt>
      <dd>{destination.region}</dd>
      <dt>{t('programme.bucket')}</dt>
      <dd>
        <code>{destination.bucket}</code>
      </dd>
      <dt>{t('programme.addressing')}</dt>
      <dd>
        {destination.pathStyle ? t('programme.addressing.path') : t('programme.addressing.virtual')}
      </dd>
      <dt>{t('programme.prefix')}</dt>
      <dd>
        <code>{prefix}</code>
      </dd>
    </>
  );
};

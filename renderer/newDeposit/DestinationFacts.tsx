import type { DestinationPreview, NamesPreview, ProgrammeView } from '../../shared/ipc/views';
import { destinationOf } from '../format/destinationOf';
import { formatNight } from '../format/formatNight';
import { useLanguage } from '../i18n/useLanguage';

/**
 * Where the card goes (each night's prefix, or a portal's participation) and, under a programme,
 * the names its files take there: as the deposit will make them, from what is typed now.
 */
export const DestinationFacts = ({
  programme,
  participation,
  destinations,
  several,
  names,
}: {
  readonly programme: ProgrammeView | null;
  readonly participation: string | null;
  readonly destinations: readonly DestinationPreview[];
  readonly several: boolean;
  readonly names: NamesPreview;
}) => {
  const { t, locale } = useLanguage();
  return (
    <>
      <dt>{t('new.destination')}</dt>
      <dd data-testid="destination">
        {programme?.destination.kind === 'vigiechiro' ? (
          <code>
            {programme.destination.api}
            {participation === null ? '' : ` › ${participation}`}
          </code>
        ) : destinations.length === 0 ? (
          '—'
        ) : (
          destinations.map((d) => (
            <div key={d.night} data-night={d.night}>
              {several && `${t('new.destinationNight', { night: formatNight(d.night, locale) })} `}
              <code>{destinationOf({ ...d, prefix: d.prefix ?? d.template })}</code>
              {d.prefix === null && ` ${t('new.destinationIncomplete')}`}
            </div>
          ))
        )}
      </dd>
      {programme !== null && (
        <>
          <dt>{t('new.programme')}</dt>
          <dd data-testid="programme-name">{programme.name}</dd>
          <dt>{t('new.names')}</dt>
          <dd data-testid="names">
            {names.kind !== 'named' ? (
              <span className="quiet">{t('new.namesIncomplete')}</span>
            ) : (
              <>
                <div>{t('new.namesCount', { named: names.named, total: names.total })}</div>
                <ul className="names">
                  {names.examples.map((e) => (
                    <li key={e.relPath} data-path={e.relPath}>
                      <code>{e.relPath}</code> → <code>{e.key}</code>
                    </li>
                  ))}
                </ul>
                <small>{t('new.cardUntouched')}</small>
              </>
            )}
          </dd>
        </>
      )}
    </>
  );
};

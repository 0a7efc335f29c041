import { useLanguage } from '../i18n/useLanguage';
import { NewParticipation } from '../participation/NewParticipation';
import { participationText } from '../participation/participationText';
import { useParticipations } from '../participation/useParticipations';
import { useDepotStore } from '../store/useDepotStore';
import { ErrorAlert } from './ErrorAlert';

/**
 * The participation a portal night goes into (issue 33, ADR 0032): one of the volunteer's, or a
 * new one of their site for this night (its dates are the night's recordings', the point theirs).
 * The night keeps the one picked. Signed out, it sends the volunteer to "Portail" first.
 */
export const ParticipationPicker = ({
  dir,
  night,
  point,
  value,
  onChange,
}: {
  readonly dir: string;
  readonly night: string;
  /** The point the programme's fields give, offered for a new participation. */
  readonly point: string;
  readonly value: string | null;
  readonly onChange: (participationId: string | null) => void;
}) => {
  const { t, locale } = useLanguage();
  const api = useDepotStore((s) => s.api);
  const go = useDepotStore((s) => s.go);
  const participations = useParticipations(api);
  const { portal, list } = participations;

  if (api === undefined || portal === undefined || portal === null) return null;
  if (!portal.signedIn) {
    return (
      <fieldset className="participation" data-testid="participation">
        <legend>{t('participation.title')}</legend>
        <p className="warning">{t('participation.signInFirst')}</p>
        <button type="button" onClick={() => go('portal')}>
          {t('portal.signIn')}
        </button>
      </fieldset>
    );
  }
  return (
    <fieldset className="participation" data-testid="participation">
      <legend>{t('participation.title')}</legend>
      <p className="quiet">{t('participation.hint')}</p>
      {list === null ? (
        <p className="quiet">{t('participation.loading')}</p>
      ) : (
        <label>
          {t('participation.existing')}
          <select
            name="participation"
            value={value ?? ''}
            onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
          >
            <option value="">{t('participation.none')}</option>
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {participationText(p, locale)}
              </option>
            ))}
          </select>
        </label>
      )}
      <NewParticipation
        api={api}
        dir={dir}
        night={night}
        point={point}
        participations={participations}
        onCreated={(created) => {
          participations.added(created);
          onChange(created.id);
        }}
      />
      {value !== null && (
        <p className="ok" data-testid="participation-chosen">
          {t('participation.chosen', { id: value })}
        </p>
      )}
      <ErrorAlert error={participations.error} />
    </fieldset>
  );
};

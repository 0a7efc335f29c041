import type { PreflightView, ProgrammeView } from '../../shared/ipc/views';
import { NightDateField } from '../components/NightDateField';
import { formatNight } from '../format/formatNight';
import { useLanguage } from '../i18n/useLanguage';
import { ProgrammeFieldInput } from './ProgrammeFieldInput';
import type { NightsMode } from './useDepositChoices';
import type { NightFields } from './useNightFields';
import { TextField } from '../components/TextField';

/**
 * The night's fields: site and point (or the programme's own fields instead), and its date, typed
 * for one night or chosen among the card's nights when one of several is deposited.
 */
export const NightFieldInputs = ({
  typed,
  programme,
  nights,
  nightsMode,
}: {
  readonly typed: NightFields;
  readonly programme: ProgrammeView | null;
  /** The card's nights when it holds several, null for one. */
  readonly nights: PreflightView['nights'] | null;
  readonly nightsMode: NightsMode;
}) => {
  const { t, locale } = useLanguage();
  const { fields, night, setNight } = typed;
  return (
    <div className="row">
      {programme === null ? (
        <>
          <TextField
            label={t('new.site')}
            name="site"
            required
            value={typed.site}
            onValue={typed.setSite}
          />
          <TextField
            label={t('new.point')}
            name="point"
            required
            value={typed.point}
            onValue={typed.setPoint}
          />
        </>
      ) : (
        programme.fields.map((f) => (
          <ProgrammeFieldInput
            key={f.name}
            field={f}
            value={fields[f.name] ?? ''}
            onChange={(value) => typed.setFields({ ...fields, [f.name]: value })}
          />
        ))
      )}
      {nights === null ? (
        <NightDateField value={night} onChange={setNight} />
      ) : (
        nightsMode === 'one' && (
          <label>
            {t('new.night')}
            <select name="night" value={night} onChange={(e) => setNight(e.target.value)}>
              {nights.map((n) => (
                <option key={n.night} value={n.night}>
                  {t(n.files === 1 ? 'new.nightOption.one' : 'new.nightOption', {
                    night: formatNight(n.night, locale),
                    files: n.files,
                  })}
                </option>
              ))}
            </select>
          </label>
        )
      )}
    </div>
  );
};

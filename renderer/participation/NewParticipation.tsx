import { useEffect, useState } from 'react';
import type { DepotApi } from '../../shared/ipc/DepotApi';
import type { ParticipationView } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';
import type { Participations } from './useParticipations';
import { TextField } from '../components/TextField';

/**
 * A new participation of the volunteer's site for this night (its dates are the night's
 * recordings', the point the programme's fields give unless changed here).
 */
export const NewParticipation = ({
  api,
  dir,
  night,
  point,
  participations,
  onCreated,
}: {
  readonly api: DepotApi;
  readonly dir: string;
  readonly night: string;
  readonly point: string;
  readonly participations: Participations;
  readonly onCreated: (participation: ParticipationView) => void;
}) => {
  const t = useT();
  const { list, site, setSite, setError } = participations;
  const [newPoint, setNewPoint] = useState(point);
  const [busy, setBusy] = useState(false);
  useEffect(() => setNewPoint(point), [point]);
  const sites = [...new Set((list ?? []).flatMap((p) => (p.siteId === null ? [] : [p.siteId])))];

  const create = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await api.portal.createParticipation({
      dir,
      night,
      siteId: site.trim(),
      ...(newPoint.trim() === '' ? {} : { point: newPoint.trim() }),
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onCreated(result.value);
  };

  // The site's hint goes under the whole row: under its field, it pushed the site's label above
  // the point's (the row aligns its fields on their inputs' bottom).
  return (
    <>
      <div className="row">
        <TextField
          label={t('participation.site')}
          name="participation-site"
          value={site}
          list="participation-sites"
          // A site's id is 24 characters (the portal's ObjectId): seen whole, it can be checked.
          size={30}
          autoComplete="off"
          onValue={setSite}
          aria-describedby="participation-site-hint"
        >
          <datalist id="participation-sites">
            {sites.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </TextField>
        <TextField
          label={t('participation.point')}
          name="participation-point"
          value={newPoint}
          autoComplete="off"
          onValue={setNewPoint}
        />
        <button
          type="button"
          disabled={busy || site.trim() === '' || night === ''}
          onClick={() => void create()}
        >
          {t('participation.create')}
        </button>
      </div>
      <small id="participation-site-hint">{t('participation.siteHint')}</small>
    </>
  );
};

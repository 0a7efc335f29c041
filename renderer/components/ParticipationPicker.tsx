import { useEffect, useState } from 'react';
import type { IpcError } from '../../shared/ipc/Result';
import type { Locale, ParticipationView, PortalView } from '../../shared/ipc/views';
import { formatDateTime } from '../format/formatClock';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';
import { ErrorAlert } from './ErrorAlert';

/** `12 juin 21:04 → 13 juin 05:56 · Z1 · 65f0…`, as the volunteer picks it. */
const participationText = (p: ParticipationView, locale: Locale): string =>
  [
    `${formatDateTime(p.startsAt, locale)}${p.endsAt === null ? '' : ` → ${formatDateTime(p.endsAt, locale)}`}`,
    ...(p.point === null ? [] : [p.point]),
    p.id,
  ].join(' · ');

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
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const api = useDepotStore((s) => s.api);
  const go = useDepotStore((s) => s.go);
  const [portal, setPortal] = useState<PortalView | null | undefined>(undefined);
  const [list, setList] = useState<readonly ParticipationView[] | null>(null);
  const [site, setSite] = useState('');
  const [newPoint, setNewPoint] = useState(point);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);

  useEffect(() => {
    void api?.portal.get().then((r) => setPortal(r.ok ? r.value : null));
  }, [api]);

  useEffect(() => {
    if (api === undefined || portal?.signedIn !== true) return;
    void api.portal.participations().then((r) => {
      if (!r.ok) {
        setError(r.error);
        return;
      }
      setList(r.value);
      const [known] = r.value.flatMap((p) => (p.siteId === null ? [] : [p.siteId]));
      if (known !== undefined) setSite((s) => (s === '' ? known : s));
    });
  }, [api, portal]);

  useEffect(() => setNewPoint(point), [point]);

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
    setList((l) => [result.value, ...(l ?? [])]);
    onChange(result.value.id);
  };

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
      <div className="row">
        <label>
          {t('participation.site')}
          <input
            name="participation-site"
            value={site}
            list="participation-sites"
            autoComplete="off"
            onChange={(e) => setSite(e.target.value)}
            aria-describedby="participation-site-hint"
          />
          <datalist id="participation-sites">
            {sites.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
          <small id="participation-site-hint">{t('participation.siteHint')}</small>
        </label>
        <label>
          {t('participation.point')}
          <input
            name="participation-point"
            value={newPoint}
            autoComplete="off"
            onChange={(e) => setNewPoint(e.target.value)}
          />
        </label>
        <button
          type="button"
          disabled={busy || site.trim() === '' || night === ''}
          onClick={() => void create()}
        >
          {t('participation.create')}
        </button>
      </div>
      {value !== null && (
        <p className="ok" data-testid="participation-chosen">
          {t('participation.chosen', { id: value })}
        </p>
      )}
      <ErrorAlert error={error} />
    </fieldset>
  );
};

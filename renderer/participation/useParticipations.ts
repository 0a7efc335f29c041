import { useEffect, useState } from 'react';
import type { DepotApi } from '../../shared/ipc/DepotApi';
import type { IpcError } from '../../shared/ipc/Result';
import type { ParticipationView, PortalView } from '../../shared/ipc/views';

export type Participations = {
  /** Not read yet (undefined), unreadable (null), or the portal's session. */
  readonly portal: PortalView | null | undefined;
  /** The volunteer's participations once read (signed in). */
  readonly list: readonly ParticipationView[] | null;
  readonly added: (participation: ParticipationView) => void;
  /** The site a new participation goes to: the first the volunteer's own participations name. */
  readonly site: string;
  readonly setSite: (site: string) => void;
  readonly error: IpcError | null;
  readonly setError: (error: IpcError | null) => void;
};

/** The portal's session, then (signed in) the volunteer's participations and their site. */
export const useParticipations = (api: DepotApi | undefined): Participations => {
  const [portal, setPortal] = useState<PortalView | null | undefined>(undefined);
  const [list, setList] = useState<readonly ParticipationView[] | null>(null);
  const [site, setSite] = useState('');
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

  const added = (participation: ParticipationView): void =>
    setList((l) => [participation, ...(l ?? [])]);

  return { portal, list, added, site, setSite, error, setError };
};

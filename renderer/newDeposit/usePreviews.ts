import { useEffect, useState } from 'react';
import type {
  DestinationPreview,
  NamesPreview,
  PreflightView,
  ProgrammeView,
} from '../../shared/ipc/views';
import { useDepotStore } from '../store/useDepotStore';
import type { NightsMode } from './useDepositChoices';
import type { NightFields } from './useNightFields';

/** How long typing rests before the backend is asked again. */
const SETTLE_MS = 200;

/**
 * Where the night(s) will go, expanded by the backend's own expandPrefix, and the names a
 * programme gives the files, made by the backend as the deposit will make them: both asked again
 * as the fields change.
 */
export const usePreviews = (
  report: PreflightView | null,
  programme: ProgrammeView | null,
  typed: NightFields,
  nightsMode: NightsMode,
): { readonly destinations: readonly DestinationPreview[]; readonly names: NamesPreview } => {
  const api = useDepotStore((s) => s.api);
  const { site, point, night, fields } = typed;
  const [destinations, setDestinations] = useState<readonly DestinationPreview[]>([]);
  const [names, setNames] = useState<NamesPreview>({ kind: 'no-programme' });

  useEffect(() => {
    if (api === undefined || report === null) {
      setDestinations([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void api.plans
        .previewDestination({ dir: report.dir, site, point, fields, night })
        .then((r) => current && setDestinations(r.ok ? r.value : []));
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, report, site, point, night, fields]);

  useEffect(() => {
    if (api === undefined || report === null || programme === null) {
      setNames({ kind: 'no-programme' });
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void api.plans
        .previewNames({
          dir: report.dir,
          fields,
          night,
          nights: report.nights.length > 1 ? nightsMode : 'one',
        })
        .then((r) => current && setNames(r.ok ? r.value : { kind: 'no-programme' }));
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, report, programme, fields, night, nightsMode]);

  return { destinations, names };
};

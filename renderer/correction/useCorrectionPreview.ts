import { useEffect, useRef, useState } from 'react';
import type { IpcError } from '../../shared/ipc/Result';
import type { CorrectionPreview, PlanView } from '../../shared/ipc/views';
import { useDepotStore } from '../store/useDepotStore';
import { correctionValues } from './useTypedCorrection';
import type { TypedCorrection } from './useTypedCorrection';

/** Files landing many a second are counted again at most this often. */
const PROGRESS_SETTLE_MS = 1_000;

/**
 * Where the typed values would send the night and what it wrote where it is now, asked again a
 * quarter second after the last keystroke and as the running night's files land.
 */
export const useCorrectionPreview = (
  plan: PlanView,
  typed: TypedCorrection,
  setProblem: (problem: IpcError | null) => void,
): CorrectionPreview | null => {
  const api = useDepotStore((s) => s.api);
  const [preview, setPreview] = useState<CorrectionPreview | null>(null);
  const asOf = useWrittenSoFar(plan);
  const { named, site, point, fields } = typed;

  useEffect(() => {
    if (api === undefined) return;
    let live = true;
    const timer = setTimeout(() => {
      void api.plans
        .previewCorrection({
          planId: plan.id,
          ...correctionValues({ named, site, point, fields }),
        })
        .then((r) => {
          if (!live) return;
          setPreview(r.ok ? r.value : null);
          setProblem(r.ok ? null : r.error);
        });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, plan.id, named, site, point, fields, asOf, setProblem]);

  return preview;
};

/**
 * While the night runs it writes more: what it wrote at the old place is asked again as its
 * files land, never the count of when the dialog opened (issue 31, a stale count). Not pushed
 * back by each file that lands: at most one new count a second, however many.
 */
const useWrittenSoFar = (plan: PlanView): number => {
  const written = plan.unitsDone + plan.unitsFailed + (plan.bytesAcked > 0 ? 1 : 0);
  const [asOf, setAsOf] = useState(written);
  const latest = useRef(written);
  latest.current = written;
  const stale = written !== asOf;
  useEffect(() => {
    if (!stale) return;
    const timer = setTimeout(() => setAsOf(latest.current), PROGRESS_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [stale, asOf]);
  return asOf;
};

import { useState } from 'react';
import type { PlanView } from '../../shared/ipc/views';
import type { CorrectionValues } from '../store/useDepotStore';

/** The night's destination as being typed: site and point, or its programme's fields (`named`). */
export type TypedCorrection = {
  readonly named: boolean;
  readonly site: string;
  readonly setSite: (site: string) => void;
  readonly point: string;
  readonly setPoint: (point: string) => void;
  readonly fields: Readonly<Record<string, string>>;
  readonly setFields: (fields: Readonly<Record<string, string>>) => void;
};

/** Starts from the values asked elsewhere (`initial`), else from the night's own. */
export const useTypedCorrection = (
  plan: PlanView,
  initial: CorrectionValues | null,
): TypedCorrection => {
  const [site, setSite] = useState(initial?.site ?? plan.site ?? '');
  const [point, setPoint] = useState(initial?.point ?? plan.point ?? '');
  const [fields, setFields] = useState<Readonly<Record<string, string>>>(
    initial?.fields ?? plan.programme?.fields ?? {},
  );
  return { named: plan.programme !== null, site, setSite, point, setPoint, fields, setFields };
};

/** What the backend is sent: the programme's fields for a named night, else site and point. */
export const correctionValues = (typed: {
  readonly named: boolean;
  readonly site: string;
  readonly point: string;
  readonly fields: Readonly<Record<string, string>>;
}): CorrectionValues =>
  typed.named ? { fields: typed.fields } : { site: typed.site, point: typed.point, fields: {} };

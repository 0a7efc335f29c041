import { useEffect, useState } from 'react';
import type { ProgrammeView } from '../../shared/ipc/views';
import { useDepotStore } from '../store/useDepotStore';

/**
 * The programme profile in use (its fields replace site and point, its names the paths), or null.
 * Its fields start with the values given last time (a volunteer's carré and point rarely change),
 * unless something was typed since.
 */
export const useProgrammeInUse = (
  restoreFields: (fields: Readonly<Record<string, string>>) => void,
): ProgrammeView | null => {
  const api = useDepotStore((s) => s.api);
  const [programme, setProgramme] = useState<ProgrammeView | null>(null);
  useEffect(() => {
    void api?.settings.get().then((r) => {
      if (!r.ok) return;
      setProgramme(r.value.programme);
      if (useDepotStore.getState().draft.fields === null)
        restoreFields(r.value.programme?.lastFields ?? {});
    });
    // Once per backend: `restoreFields` is a state setter.
  }, [api]);
  return programme;
};

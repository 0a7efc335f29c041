import type { IpcError } from '../../shared/ipc/Result';
import type { ConflictView } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';
import { useAsked } from '../api/useAsked';
import { useBackendCall } from '../api/useBackendCall';

export type ConflictChoiceName = 'keep-server-object' | 'free-name';

export type Conflict = {
  /** Both sides once asked; null while asked, or when the asking failed (`problem`). */
  readonly facts: ConflictView | null;
  readonly problem: IpcError | null;
  readonly busy: boolean;
  readonly settle: (choice: ConflictChoiceName) => Promise<void>;
};

/** A file's conflict asked of the backend, then settled by the volunteer's choice. */
export const useConflict = (
  planId: string,
  unitId: string,
  onSettled: (text: string) => void,
): Conflict => {
  const t = useT();
  const api = useDepotStore((s) => s.api);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const { busy, problem, setProblem, call } = useBackendCall();
  const [facts] = useAsked(
    `${planId} ${unitId}`,
    (api) => api.units.conflict({ planId, unitId }),
    setProblem,
  );

  const settle = async (choice: ConflictChoiceName): Promise<void> => {
    if (api === undefined || facts === null) return;
    const result = await call(() => api.units.settle({ planId, unitId, choice }));
    if (!result.ok) return;
    await refresh();
    onSettled(
      result.value.kind === 'kept'
        ? t('conflict.keptSaid', { path: facts.relPath })
        : result.value.kind === 'renamed'
          ? t('conflict.renamedSaid', { path: facts.relPath, key: result.value.key })
          : t('conflict.goneSaid', { path: facts.relPath }),
    );
  };

  return { facts, problem, busy, settle };
};

import type { DepotApi } from '../../shared/ipc/DepotApi';
import type { Result } from '../../shared/ipc/Result';
import { useDepotStore } from '../store/useDepotStore';

export type NightChange = (request: (api: DepotApi) => Promise<Result<unknown>>) => Promise<void>;

/**
 * A volunteer's change to a night from its row or its screen (pause, archive, retry a removal...):
 * one call, its refusal said in the app's banner, then the nights read again whatever the answer.
 */
export const useNightChange = (): NightChange => {
  const api = useDepotStore((s) => s.api);
  const refresh = useDepotStore((s) => s.refreshPlans);
  const setError = useDepotStore((s) => s.setError);
  return async (request) => {
    if (api === undefined) return;
    const result = await request(api);
    if (!result.ok) setError(result.error);
    await refresh();
  };
};

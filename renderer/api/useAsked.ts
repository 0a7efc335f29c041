import { useEffect, useState } from 'react';
import type { DepotApi } from '../../shared/ipc/DepotApi';
import type { IpcError, Result } from '../../shared/ipc/Result';
import { useDepotStore } from '../store/useDepotStore';

/**
 * What a dialog or a panel shows before the volunteer acts, asked of the backend as it opens and
 * again when `about` (what it asks about) changes; not asked while `about` is null. Null until
 * answered; a refusal goes to `onRefused` (the dialog's `problem`, said under it).
 */
export const useAsked = <T>(
  about: string | null,
  ask: (api: DepotApi) => Promise<Result<T>>,
  onRefused: (error: IpcError) => void,
): readonly [T | null, (value: T) => void] => {
  const api = useDepotStore((s) => s.api);
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (api === undefined || about === null) return;
    void ask(api).then((r) => {
      if (r.ok) setValue(r.value);
      else onRefused(r.error);
    });
  }, [api, about]);
  return [value, setValue];
};

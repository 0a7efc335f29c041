import { useState } from 'react';
import type { IpcError, Result } from '../../shared/ipc/Result';

export type BackendCall = {
  /** A call is in flight: its button is disabled. */
  readonly busy: boolean;
  /** The backend's last refusal, said under the form (`ErrorAlert`). */
  readonly problem: IpcError | null;
  readonly setProblem: (problem: IpcError | null) => void;
  /** Runs one call: busy while it runs, its refusal kept as `problem`; the result returned. */
  readonly call: <T>(request: () => Promise<Result<T>>) => Promise<Result<T>>;
};

/** A volunteer's action on the backend, as a dialog or a form runs it: busy, then done or refused. */
export const useBackendCall = (): BackendCall => {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<IpcError | null>(null);
  const call = async <T>(request: () => Promise<Result<T>>): Promise<Result<T>> => {
    setBusy(true);
    const result = await request();
    setBusy(false);
    if (!result.ok) setProblem(result.error);
    return result;
  };
  return { busy, problem, setProblem, call };
};

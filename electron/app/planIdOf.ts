import { IpcFailure } from '../ipc/IpcFailure';

/** A plan's id as the contract carries it (a string), or `not-found` when it cannot be one. */
export const planIdOf = (id: string): number => {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new IpcFailure('not-found', `no plan ${id}`, { kind: 'no-such-plan' });
  return n;
};

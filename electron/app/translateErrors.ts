import { PlanError } from '../engine/PlanError';
import type { Handlers } from '../ipc/Handlers';
import { IpcFailure } from '../ipc/IpcFailure';
import { ScanError } from '../scan/ScanError';
import { DatabaseError } from '../store/DatabaseError';

/** The engine's own errors are answers the user can act on: say them, with the right code. */
export const toIpcFailure = (error: unknown): unknown => {
  if (error instanceof PlanError) {
    switch (error.detail.code) {
      case 'no-such-plan':
        return new IpcFailure('not-found', error.message);
      case 'sources-changed':
      case 'already-running':
        return new IpcFailure('blocked', error.message);
      case 'empty-folder':
        return new IpcFailure('invalid-input', error.message);
    }
  }
  if (error instanceof ScanError) return new IpcFailure('invalid-input', error.message);
  if (error instanceof DatabaseError) return new IpcFailure('unavailable', error.message);
  return error;
};

export const translateErrors = (handlers: Handlers): Handlers => {
  const wrapped: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const [name, handler] of Object.entries(handlers) as [
    string,
    (input: unknown) => Promise<unknown>,
  ][]) {
    wrapped[name] = async (input) => {
      try {
        return await handler(input);
      } catch (error) {
        throw toIpcFailure(error);
      }
    };
  }
  // Same keys, same signatures: only the thrown values change.
  return wrapped as Handlers;
};

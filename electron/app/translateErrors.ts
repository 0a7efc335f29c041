import type { ErrorReason } from '../../shared/ipc/ErrorReason';
import { PlanError } from '../engine/PlanError';
import type { Handlers } from '../ipc/Handlers';
import { IpcFailure } from '../ipc/IpcFailure';
import { ScanError } from '../scan/ScanError';
import { DamagedRowError } from '../store/DamagedRowError';
import { DatabaseError } from '../store/DatabaseError';

const scanReason = (error: ScanError): ErrorReason => {
  switch (error.code) {
    case 'missing':
      return { kind: 'folder-missing', dir: error.dir };
    case 'not-a-directory':
      return { kind: 'not-a-folder', dir: error.dir };
    case 'unreadable':
      return { kind: 'folder-unreadable', dir: error.dir };
  }
};

/** The engine's own errors are answers the user can act on: say them, with the right code. */
export const toIpcFailure = (error: unknown): unknown => {
  if (error instanceof PlanError) {
    switch (error.detail.code) {
      case 'no-such-plan':
        return new IpcFailure('not-found', error.message, { kind: 'no-such-plan' });
      case 'sources-changed':
        return new IpcFailure('blocked', error.message, {
          kind: 'sources-changed',
          count: error.detail.changes.length,
        });
      case 'already-running': {
        const holder = error.detail.holder;
        return new IpcFailure(
          'blocked',
          error.message,
          holder === undefined
            ? { kind: 'already-running' }
            : { kind: 'held-elsewhere', pid: holder.pid, host: holder.host },
        );
      }
      case 'names-changed': {
        const [first] = error.detail.examples;
        return new IpcFailure('blocked', error.message, {
          kind: 'names-changed',
          count: error.detail.count,
          example: first === undefined ? '' : `${first.relPath} → ${first.planned}`,
        });
      }
      case 'destination-taken':
        return new IpcFailure('blocked', error.message, {
          kind: 'destination-taken',
          planId: String(error.detail.by),
        });
      case 'being-removed':
        return new IpcFailure('blocked', error.message, { kind: 'being-removed' });
      case 'not-settleable':
        return new IpcFailure('blocked', error.message, { kind: 'not-settleable' });
      case 'empty-folder':
        return new IpcFailure('invalid-input', error.message, {
          kind: 'nothing-to-deposit',
          dir: error.detail.dir,
        });
      case 'not-a-portal-night':
        return new IpcFailure('invalid-input', error.message, { kind: 'portal-not-in-use' });
    }
  }
  if (error instanceof ScanError)
    return new IpcFailure('invalid-input', error.message, scanReason(error));
  if (error instanceof DatabaseError) return new IpcFailure('unavailable', error.message);
  if (error instanceof DamagedRowError)
    return new IpcFailure('unavailable', error.message, { kind: 'database-damaged' });
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

/**
 * What every contract method answers: errors travel as data, never as exceptions across the
 * process boundary (a thrown Error loses its fields through IPC and WebSocket alike).
 */
export type ErrorCode =
  'invalid-input' | 'not-found' | 'not-configured' | 'unavailable' | 'blocked' | 'internal';

import type { ErrorReason } from './ErrorReason';

export type IpcError = {
  readonly code: ErrorCode;
  /** English, for logs and diagnostics; the interface shows `reason` (or the code) translated. */
  readonly message: string;
  readonly reason?: ErrorReason;
};

export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: IpcError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const fail = (code: ErrorCode, message: string, reason?: ErrorReason): Result<never> => ({
  ok: false,
  error: reason === undefined ? { code, message } : { code, message, reason },
});

/**
 * What every contract method answers: errors travel as data, never as exceptions across the
 * process boundary (a thrown Error loses its fields through IPC and WebSocket alike).
 */
export type ErrorCode =
  'invalid-input' | 'not-found' | 'not-configured' | 'unavailable' | 'blocked' | 'internal';

export type IpcError = { readonly code: ErrorCode; readonly message: string };

export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: IpcError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const fail = (code: ErrorCode, message: string): Result<never> => ({
  ok: false,
  error: { code, message },
});

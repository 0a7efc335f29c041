import type { ErrorReason } from '../../shared/ipc/ErrorReason';
import type { ErrorCode } from '../../shared/ipc/Result';

/** Thrown by a handler to answer `{ ok: false, error: { code, message } }` on purpose. */
export class IpcFailure extends Error {
  override readonly name = 'IpcFailure';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly reason?: ErrorReason,
  ) {
    super(message);
  }
}

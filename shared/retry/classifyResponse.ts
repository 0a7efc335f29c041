import type { Failure, UnreachableReason } from './Outcome';
import type { RawResponse } from './RawResponse';
import { parseHttpDate } from './parseHttpDate';
import { parseRetryAfter } from './parseRetryAfter';

// Node and undici error codes for "no response arrived". Node reports "socket hang up" as
// ECONNRESET, so no message text is ever read.
const UNREACHABLE_ERRNO: Readonly<Record<string, UnreachableReason>> = {
  ECONNREFUSED: 'connection-refused',
  ECONNRESET: 'connection-reset',
  ECONNABORTED: 'connection-reset',
  EPIPE: 'connection-reset',
  UND_ERR_SOCKET: 'connection-reset',
  ETIMEDOUT: 'timeout',
  ESOCKETTIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EHOSTUNREACH: 'no-route',
  ENETUNREACH: 'no-route',
  ENETDOWN: 'no-route',
  EHOSTDOWN: 'no-route',
};

const unreachableReason = (raw: RawResponse): UnreachableReason => {
  if (raw.errno !== undefined) {
    const reason = UNREACHABLE_ERRNO[raw.errno];
    if (reason !== undefined) return reason;
  }
  if (raw.name === 'StallError') return 'stall';
  if (raw.name === 'StalledInOutageError') return 'stalled-in-outage';
  // An AbortError the caller did not ask for comes from the transport's own deadline.
  if (raw.name === 'TimeoutError' || raw.name === 'AbortError') return 'timeout';
  return 'network';
};

/**
 * Decides, once and where the response is received, what a failed emission was. A status means
 * the server answered (refused); no status means nothing usable arrived (unreachable); the
 * caller's own abort is neither. Classified from status, S3 code, errno and error name only.
 */
export const classifyResponse = (raw: RawResponse): Failure => {
  if (raw.callerAborted === true) return { kind: 'aborted' };
  if (raw.status !== undefined) {
    const headers = raw.headers ?? {};
    const retryAfterMs = parseRetryAfter(headers, raw.receivedAt);
    const date = headers['date'];
    const serverTime = date === undefined ? undefined : parseHttpDate(date);
    return {
      kind: 'refused',
      status: raw.status,
      ...(raw.code === undefined ? {} : { code: raw.code }),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      ...(serverTime === undefined ? {} : { serverTime }),
    };
  }
  return { kind: 'unreachable', reason: unreachableReason(raw) };
};

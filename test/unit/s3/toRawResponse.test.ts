import { describe, expect, it } from 'vitest';
import { toRawResponse, type AbortCause } from '../../../electron/s3/toRawResponse';
import { classifyResponse } from '../../../shared/retry/classifyResponse';
import type { RawResponse } from '../../../shared/retry/RawResponse';

const at = 1_800_000_000_000;

// Shapes as the AWS SDK v3 (client-s3 3.1175) produces them, seen against radosgw and the proxy.
const serviceError = (
  name: string,
  status: number,
  extra: { Code?: string; headers?: Record<string, string> } = {},
) =>
  Object.assign(new Error('message text is never read'), {
    name,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status, attempts: 1 },
    ...(extra.Code === undefined ? {} : { Code: extra.Code }),
    $response: { statusCode: status, headers: extra.headers ?? {} },
  });

const nodeError = (code: string, name = 'Error') =>
  Object.assign(new Error('socket hang up'), { code, name });

describe('toRawResponse: an SDK error as data', () => {
  const cases: [string, unknown, AbortCause | undefined, RawResponse][] = [
    [
      '503 SlowDown with Retry-After',
      serviceError('SlowDown', 503, {
        Code: 'SlowDown',
        headers: { 'Retry-After': '2', date: 'Sat, 01 Jan 2028 00:00:00 GMT' },
      }),
      undefined,
      {
        status: 503,
        code: 'SlowDown',
        name: 'SlowDown',
        headers: { 'retry-after': '2', date: 'Sat, 01 Jan 2028 00:00:00 GMT' },
        receivedAt: at,
      },
    ],
    [
      '412 on If-None-Match',
      serviceError('PreconditionFailed', 412, { Code: 'PreconditionFailed' }),
      undefined,
      {
        status: 412,
        code: 'PreconditionFailed',
        name: 'PreconditionFailed',
        headers: {},
        receivedAt: at,
      },
    ],
    [
      'HEAD 403 (no body, the SDK names it after the status)',
      serviceError('Forbidden', 403),
      undefined,
      { status: 403, code: 'Forbidden', name: 'Forbidden', headers: {}, receivedAt: at },
    ],
    [
      'an error response without a code',
      serviceError('UnknownError', 502),
      undefined,
      { status: 502, name: 'UnknownError', headers: {}, receivedAt: at },
    ],
    [
      'connection reset (the handler renames it TimeoutError, the errno stays)',
      nodeError('ECONNRESET', 'TimeoutError'),
      undefined,
      { errno: 'ECONNRESET', name: 'TimeoutError', receivedAt: at },
    ],
    [
      'connection refused',
      nodeError('ECONNREFUSED'),
      undefined,
      { errno: 'ECONNREFUSED', name: 'Error', receivedAt: at },
    ],
    [
      'the caller aborted',
      Object.assign(new Error('Request aborted'), { name: 'AbortError' }),
      'caller',
      { name: 'AbortError', callerAborted: true, receivedAt: at },
    ],
    [
      'the deadline aborted',
      Object.assign(new Error('Request aborted'), { name: 'AbortError' }),
      'deadline',
      { name: 'TimeoutError', callerAborted: false, receivedAt: at },
    ],
    [
      'the stall watchdog aborted',
      Object.assign(new Error('Request aborted'), { name: 'AbortError' }),
      'stall',
      { name: 'StallError', callerAborted: false, receivedAt: at },
    ],
    [
      'the engine abandoned it after an outage',
      Object.assign(new Error('Request aborted'), { name: 'AbortError' }),
      'outage',
      { name: 'StalledInOutageError', callerAborted: false, receivedAt: at },
    ],
    ['something that is not an error', 'boom', undefined, { receivedAt: at }],
  ];
  for (const [label, error, abortCause, expected] of cases) {
    it(label, () => {
      const context =
        abortCause === undefined ? { receivedAt: at } : { receivedAt: at, abortCause };
      expect(toRawResponse(error, context)).toEqual(expected);
    });
  }
});

describe('toRawResponse then classifyResponse', () => {
  it('gives refused with the server-imposed wait', () => {
    const raw = toRawResponse(
      serviceError('SlowDown', 503, { Code: 'SlowDown', headers: { 'retry-after': '2' } }),
      { receivedAt: at },
    );
    expect(classifyResponse(raw)).toMatchObject({
      kind: 'refused',
      status: 503,
      code: 'SlowDown',
      retryAfterMs: 2000,
    });
  });

  it('gives unreachable for a reset, a timeout and a stall; aborted for the caller', () => {
    const abort = Object.assign(new Error('x'), { name: 'AbortError' });
    expect(classifyResponse(toRawResponse(nodeError('ECONNRESET'), { receivedAt: at }))).toEqual({
      kind: 'unreachable',
      reason: 'connection-reset',
    });
    expect(
      classifyResponse(toRawResponse(abort, { receivedAt: at, abortCause: 'deadline' })),
    ).toEqual({ kind: 'unreachable', reason: 'timeout' });
    expect(classifyResponse(toRawResponse(abort, { receivedAt: at, abortCause: 'stall' }))).toEqual(
      { kind: 'unreachable', reason: 'stall' },
    );
    expect(
      classifyResponse(toRawResponse(abort, { receivedAt: at, abortCause: 'caller' })),
    ).toEqual({ kind: 'aborted' });
  });
});

import { errnoOf } from '../errnoOf';
import type { RawResponse } from '../../shared/retry/RawResponse';

/** Why the adapter itself aborted an emission (the SDK only reports `AbortError` for all four). */
export type AbortCause = 'caller' | 'deadline' | 'stall' | 'outage';

/** The fields of an AWS SDK v3 error the adapter reads; everything else is ignored. */
type SdkErrorShape = {
  readonly name?: unknown;
  readonly code?: unknown;
  readonly Code?: unknown;
  readonly $metadata?: { readonly httpStatusCode?: unknown };
  readonly $response?: { readonly statusCode?: unknown; readonly headers?: unknown };
};

// Names the SDK gives when an error response had no parsable S3 code (HEAD has no body).
const NOT_A_CODE = new Set(['Error', 'UnknownError', 'Unknown', 'S3ServiceException']);

/**
 * What one failed emission gave, as plain data for `classifyResponse`: the status and headers when
 * a response arrived, the S3 error code, else Node's errno; and, when the adapter aborted the call,
 * whose abort it was. Never the message text.
 */
export const toRawResponse = (
  error: unknown,
  context: { readonly receivedAt: number; readonly abortCause?: AbortCause },
): RawResponse => {
  const e: SdkErrorShape = typeof error === 'object' && error !== null ? error : {};
  const name = typeof e.name === 'string' ? e.name : undefined;

  if (context.abortCause !== undefined) {
    return {
      name: ABORT_NAME[context.abortCause],
      callerAborted: context.abortCause === 'caller',
      receivedAt: context.receivedAt,
    };
  }

  const status = statusOf(e);
  if (status !== undefined) {
    const code =
      typeof e.Code === 'string' && e.Code !== ''
        ? e.Code
        : name !== undefined && !NOT_A_CODE.has(name)
          ? name
          : undefined;
    const headers = headersOf(e.$response?.headers);
    return {
      status,
      ...(code === undefined ? {} : { code }),
      ...(name === undefined ? {} : { name }),
      ...(headers === undefined ? {} : { headers }),
      receivedAt: context.receivedAt,
    };
  }

  return {
    ...(errnoOf(error) === undefined ? {} : { errno: errnoOf(error) }),
    ...(name === undefined ? {} : { name }),
    receivedAt: context.receivedAt,
  };
};

const ABORT_NAME: Readonly<Record<AbortCause, string>> = {
  caller: 'AbortError',
  deadline: 'TimeoutError',
  stall: 'StallError',
  outage: 'StalledInOutageError',
};

const statusOf = (e: SdkErrorShape): number | undefined => {
  const fromMetadata = e.$metadata?.httpStatusCode;
  if (typeof fromMetadata === 'number' && fromMetadata > 0) return fromMetadata;
  const fromResponse = e.$response?.statusCode;
  if (typeof fromResponse === 'number' && fromResponse > 0) return fromResponse;
  return undefined;
};

const headersOf = (raw: unknown): Readonly<Record<string, string>> | undefined => {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string') headers[key.toLowerCase()] = value;
    else if (Array.isArray(value)) headers[key.toLowerCase()] = value.join(', ');
  }
  return headers;
};

import { parseHttpDate } from './parseHttpDate';

const header = (headers: Readonly<Record<string, string>>, name: string): string | undefined => {
  const direct = headers[name];
  if (direct !== undefined) return direct;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
};

// RFC 9110 delta-seconds is 1*DIGIT; a decimal is tolerated because honouring a server's wait
// (rounded up) is safer than ignoring it.
const DELTA_SECONDS = /^\d+(\.\d+)?$/;
const MILLISECONDS = /^\d+$/;

const fromRetryAfter = (value: string, receivedAt: number): number | undefined => {
  const text = value.trim();
  if (DELTA_SECONDS.test(text)) return Math.ceil(Number(text) * 1000);
  const at = parseHttpDate(text);
  return at === undefined ? undefined : Math.max(0, at - receivedAt);
};

const fromAmzRetryAfter = (value: string): number | undefined => {
  const text = value.trim();
  return MILLISECONDS.test(text) ? Number(text) : undefined;
};

/**
 * How long the server asked us to wait, in ms from `receivedAt`: `Retry-After` as delta-seconds
 * or HTTP-date, `x-amz-retry-after` as milliseconds. When both are present the longer wins, so
 * the wait is never undercut. Undefined when neither header parses.
 */
export const parseRetryAfter = (
  headers: Readonly<Record<string, string>>,
  receivedAt: number,
): number | undefined => {
  const retryAfter = header(headers, 'retry-after');
  const amz = header(headers, 'x-amz-retry-after');
  const waits = [
    retryAfter === undefined ? undefined : fromRetryAfter(retryAfter, receivedAt),
    amz === undefined ? undefined : fromAmzRetryAfter(amz),
  ].filter((ms): ms is number => ms !== undefined && Number.isFinite(ms));
  return waits.length === 0 ? undefined : Math.max(...waits);
};

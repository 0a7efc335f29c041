import type { Clock } from '../../shared/ports/Clock';
import { parseHttpDate } from '../../shared/retry/parseHttpDate';
import type { RawResponse } from '../../shared/retry/RawResponse';

/**
 * A `Date` header is whole seconds and arrives after the request's round trip: a difference
 * smaller than this is that noise, not this computer's clock being off.
 */
const NOISE_MS = 5_000;

/**
 * S3 refuses a signature dated more than 15 minutes from its clock (RequestTimeTooSkewed); a
 * minute under it covers the round trip and the Date's whole seconds.
 */
const SKEW_REFUSED_MS = 14 * 60_000;

/**
 * The endpoint's clock as its answers tell it: every answer's `Date` header (a success or a
 * refusal, the first one included) corrects the offset that requests are signed with, so a
 * laptop whose clock is minutes off signs as the server counts (issue 30, item 11). The offset is
 * measured against this computer's wall clock, the one signatures are dated by, never against the
 * engine's monotonic time.
 */
export class ServerClock {
  private offset = 0;

  constructor(private readonly wall: Clock) {}

  /** Server minus this computer's wall clock, in ms (0 until an answer said otherwise). */
  get offsetMs(): number {
    return this.offset;
  }

  /** The time a request is signed at: the server's time as best known. */
  signingDate(): Date {
    return new Date(this.wall.now() + this.offset);
  }

  /** An answer arrived with these headers (lower-case names). */
  heard(headers: Readonly<Record<string, string | string[] | undefined>>): void {
    const date = headers['date'];
    const text = Array.isArray(date) ? date[0] : date;
    if (text === undefined) return;
    const server = parseHttpDate(text);
    if (server === undefined) return;
    const measured = server - this.wall.now();
    if (Math.abs(measured - this.offset) > NOISE_MS) this.offset = measured;
  }

  /**
   * A 403 with no S3 code (a HEAD's answer has no body to carry one) whose Date lies further from
   * the signature's date than any S3 server accepts is the server's RequestTimeTooSkewed: named
   * so, from its status and its Date header, so that the one retry signed anew may follow instead
   * of a refusal blamed on the key. `signedOffset`: the offset the request was signed with.
   */
  namedSkew(raw: RawResponse, signedOffset: number): RawResponse {
    if (raw.status !== 403 || raw.code !== undefined) return raw;
    const date = raw.headers?.['date'];
    const server = date === undefined ? undefined : parseHttpDate(date);
    if (server === undefined) return raw;
    const skew = server - raw.receivedAt - signedOffset;
    return Math.abs(skew) > SKEW_REFUSED_MS ? { ...raw, code: 'RequestTimeTooSkewed' } : raw;
  }
}

import type { Clock } from '../../shared/ports/Clock';

export type VigieChiroPortalOptions = {
  /** The API's base URL, `https://vigiechiro.herokuapp.com` or `http://127.0.0.1:PORT[/prefix]`. */
  readonly api: string;
  /**
   * The volunteer's token (32 characters from the sign-in redirect), read at each request so a
   * new sign-in applies at once; undefined sends no credentials (the API answers 401). Never
   * logged.
   */
  readonly token: () => string | undefined;
  /** TCP (and TLS) connection set-up bound (default 10 s). */
  readonly connectionTimeoutMs?: number;
  /** A socket idle this long is closed (default 60 s); the stall watchdog usually fires first. */
  readonly socketTimeoutMs?: number;
  /** No body byte moved and no answer for this long: abort, unreachable 'stall' (default 30 s). */
  readonly stallMs?: number;
  /** No body byte moved and no answer for this long: `onSilent` (default `defaultSilentMs`). */
  readonly silentMs?: number;
  /** Keep-alive connections per host (default 16). */
  readonly maxSockets?: number;
  /**
   * Items asked per listing page. The API's Paginator refuses more than 100 (reading
   * `xin/snippets.py` at the facts' commit; an older one allowed 20): default 100.
   */
  readonly pageSize?: number;
  /** Deadlines and the stall watchdog (default: the monotonic clock, as the engine's). */
  readonly clock?: Clock;
  /** What an HTTP-date Retry-After is resolved on (default: this computer's wall clock). */
  readonly wallClock?: Clock;
};

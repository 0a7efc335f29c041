import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { z } from 'zod';
import type { Clock } from '../../shared/ports/Clock';
import type { EmissionOptions } from '../../shared/ports/ObjectStore';
import type { PortalTarget } from '../../shared/ports/Portal';
import { pageSchema } from '../../shared/portal/vigiechiro/apiDocuments';
import { vigieChiroRefusalCode } from '../../shared/portal/vigiechiro/vigieChiroRefusalCode';
import { classifyResponse } from '../../shared/retry/classifyResponse';
import { success, type Failure, type Outcome } from '../../shared/retry/Outcome';
import type { Page } from '../../shared/wire/PagedListing';
import { monotonicClock } from '../runtime/monotonicClock';
import { systemClock } from '../runtime/systemClock';
import { defaultSilentMs } from '../s3/defaultSilentMs';
import { startEmission, type Emission } from '../s3/Emission';
import { IncompleteAnswer } from '../s3/IncompleteAnswer';
import { routeCheckTo } from '../s3/routeCheckTo';
import { toRawResponse } from '../s3/toRawResponse';
import { apiErrorsOf, isSuccess, jsonOf } from './apiAnswer';
import {
  BodySourceError,
  httpExchange,
  type HttpAnswer,
  type HttpContext,
  type HttpRequest,
} from './httpExchange';
import type { VigieChiroPortalOptions } from './VigieChiroPortalOptions';

/** An API answer is a page of documents at most: more is not the API. */
const MAX_API_ANSWER = 8 * 1024 * 1024;
const USER_AGENT = 'depot (Vigie-Chiro portal client)';

/**
 * One request to the Vigie-Chiro API (or to a URL it signed) as one emission, classified once into
 * an Outcome: the token as the HTTP Basic user with an empty password, JSON bodies, the API's
 * refusals with their `code` and words, the storage's with its S3 code, a page of a listing. The
 * calls themselves are `VigieChiroPortal`'s.
 */
export abstract class VigieChiroApi {
  readonly endpoint: string;
  readonly target: PortalTarget;
  protected readonly base: string;
  protected readonly clock: Clock;
  protected readonly wallClock: Clock;
  protected readonly stallMs: number;
  protected readonly silentMs: number;
  protected readonly pageSize: number;
  protected readonly http: HttpContext;
  protected readonly route: () => Promise<Outcome<void>>;

  constructor(protected readonly options: VigieChiroPortalOptions) {
    const url = new URL(options.api);
    this.endpoint = `${url.protocol}//${url.host}`;
    this.base = options.api.replace(/\/+$/, '');
    this.target = { kind: 'vigiechiro', api: this.base };
    this.clock = options.clock ?? monotonicClock;
    this.wallClock = options.wallClock ?? systemClock;
    this.stallMs = options.stallMs ?? 30_000;
    this.silentMs = options.silentMs ?? defaultSilentMs;
    this.pageSize = options.pageSize ?? 100;
    const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 16 };
    this.http = {
      agents: { http: new HttpAgent(agentOptions), https: new HttpsAgent(agentOptions) },
      connectionTimeoutMs: options.connectionTimeoutMs ?? 10_000,
      socketTimeoutMs: options.socketTimeoutMs ?? 60_000,
      userAgent: USER_AGENT,
    };
    this.route = routeCheckTo(url);
  }

  /** Closes idle keep-alive connections. */
  destroy(): void {
    this.http.agents.http.destroy();
    this.http.agents.https.destroy();
  }

  /** Runs `send` as one emission and classifies what it gave. */
  protected async emit<T>(
    options: EmissionOptions,
    send: (emission: Emission) => Promise<Outcome<T>>,
  ): Promise<Outcome<T>> {
    if (options.signal?.aborted) return { kind: 'aborted' };
    if (this.clock.now() >= options.deadline) return { kind: 'unreachable', reason: 'timeout' };
    const emission = startEmission(options, this.clock, this.stallMs, this.silentMs);
    try {
      return await send(emission);
    } catch (error) {
      // The body's own source failed: the file's fault, for the caller, never a network outcome.
      if (error instanceof BodySourceError) throw error.cause;
      if (error instanceof IncompleteAnswer) {
        return { kind: 'unreachable', reason: 'incomplete-answer' };
      }
      const abortCause = emission.cause();
      return classifyResponse(
        toRawResponse(error, {
          receivedAt: this.wallClock.now(),
          ...(abortCause === undefined ? {} : { abortCause }),
        }),
      );
    } finally {
      emission.end();
    }
  }

  /**
   * One request to the API as one emission, its answer read into the call's outcome: the shape
   * of every route but the listings (paged by `onePage`) and the storage's own requests.
   */
  protected call<T>(
    options: EmissionOptions,
    request: {
      readonly method: HttpRequest['method'];
      readonly path: string;
      readonly json?: unknown;
    },
    read: (answer: HttpAnswer) => Outcome<T>,
  ): Promise<Outcome<T>> {
    return this.emit(options, async (e) =>
      read(await this.api(e, request.method, request.path, request.json)),
    );
  }

  /** One request to the API, with the token. */
  protected api(
    emission: Emission,
    method: HttpRequest['method'],
    path: string,
    json?: unknown,
  ): Promise<HttpAnswer> {
    const token = this.options.token();
    const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json), 'utf8');
    return httpExchange(
      {
        method,
        url: new URL(`${this.base}${path}`),
        headers: {
          accept: 'application/json',
          ...(token === undefined
            ? {}
            : { authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}` }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body }),
        maxAnswerBytes: MAX_API_ANSWER,
      },
      emission,
      this.http,
    );
  }

  /** A call whose 2xx says all there is to say; any other answer is the API's refusal. */
  protected readonly acknowledged = (answer: HttpAnswer): Outcome<void> =>
    isSuccess(answer.status) ? success(undefined) : this.refusal(answer);

  /** An API refusal: its status and Retry-After for the policy, its `_errors` as code and words. */
  protected refusal(answer: HttpAnswer): Failure {
    const api = apiErrorsOf(answer);
    const code = vigieChiroRefusalCode(answer.status, api?.errors);
    return classifyResponse({
      status: answer.status,
      ...(code === undefined ? {} : { code }),
      headers: answer.headers,
      receivedAt: this.wallClock.now(),
      ...(api?.errors === undefined ? {} : { detail: JSON.stringify(api.errors) }),
    });
  }

  /** The storage's refusal: status, headers, and the S3 error code of its XML body. */
  protected storageRefusal(answer: HttpAnswer): Failure {
    const code = /<Code>([^<]+)<\/Code>/.exec(Buffer.from(answer.body).toString('utf8'))?.[1];
    return classifyResponse({
      status: answer.status,
      ...(code === undefined ? {} : { code }),
      headers: answer.headers,
      receivedAt: this.wallClock.now(),
    });
  }

  /** A 2xx answer's document, or IncompleteAnswer: what arrived cannot be used (ADR 0021). */
  protected document<S extends z.ZodType>(answer: HttpAnswer, schema: S, what: string): z.infer<S> {
    if (answer.tooLarge !== undefined) throw new IncompleteAnswer(what);
    const parsed = schema.safeParse(jsonOf(answer));
    if (!parsed.success) throw new IncompleteAnswer(what);
    return parsed.data;
  }

  /**
   * One page of a listing (`?max_results=&page=`, numbered from 1): its items, and the next page
   * while `_meta.total` says the listing goes on. The caller pages it through the policy, one
   * page per call (ADR 0002).
   */
  protected async onePage<T>(
    emission: Emission,
    path: string,
    page: number,
    item: (raw: unknown) => T | undefined,
  ): Promise<Outcome<Page<T, number>>> {
    const separator = path.includes('?') ? '&' : '?';
    const answer = await this.api(
      emission,
      'GET',
      `${path}${separator}max_results=${this.pageSize}&page=${page}`,
    );
    if (!isSuccess(answer.status)) return this.refusal(answer);
    const { _items, _meta } = this.document(answer, pageSchema, 'a page of _items');
    const items: T[] = [];
    for (const raw of _items) {
      const value = item(raw);
      if (value === undefined) throw new IncompleteAnswer('an item it can read');
      items.push(value);
    }
    const more = items.length > 0 && (page - 1) * this.pageSize + items.length < _meta.total;
    return success({ items, ...(more ? { next: page + 1 } : {}) });
  }
}

/**
 * What the fault proxy does to which request: scriptable rules, matched by method and a predicate
 * on path and query, each firing `times` times after skipping the first `after` matches. Pure, so
 * the matching is unit-tested without sockets.
 */

export type FaultAction =
  /** Destroy the client socket (TCP RST) before reading the body or answering. */
  | { readonly kind: 'reset' }
  /** Forward the first `bytes` body bytes to the server, then reset both sides: a cut mid-upload. */
  | { readonly kind: 'resetAfterBodyBytes'; readonly bytes: number }
  /** Answer this status with a real S3 XML error body (after reading the request body). */
  | {
      readonly kind: 'status';
      readonly status: number;
      readonly code: string;
      readonly message?: string;
      /** Retry-After header: seconds or an HTTP-date. */
      readonly retryAfter?: string;
      /** x-amz-retry-after header, in milliseconds. */
      readonly amzRetryAfterMs?: number;
    }
  /** Read nothing and send nothing for `ms` (the client's body stops moving), then forward. */
  | { readonly kind: 'stall'; readonly ms: number }
  /** Forward, let the server act and answer, then reset the client socket: the reply is lost. */
  | { readonly kind: 'loseReply' }
  /** Forward at once, hold the server's answer for `ms`: a slow reply. */
  | { readonly kind: 'delay'; readonly ms: number }
  /** Forward, and pass the server's answer on without this header (a middlebox that drops it). */
  | { readonly kind: 'dropHeader'; readonly header: string }
  /**
   * Answer this status and body without forwarding (after reading the request body): a server or
   * a middlebox that says something the protocol does not (a garbled listing, a looping token).
   */
  | {
      readonly kind: 'answer';
      readonly status: number;
      /** The body, or what makes it from the request (a listing whose token changes each page). */
      readonly body: string | ((request: MatchableRequest) => string);
      readonly contentType?: string;
    }
  /** Forward, and pass the server's answer body on as `rewrite` makes it (a stale listing). */
  | { readonly kind: 'rewriteBody'; readonly rewrite: (body: string) => string };

export const fault = {
  reset: (): FaultAction => ({ kind: 'reset' }),
  resetAfterBodyBytes: (bytes: number): FaultAction => ({ kind: 'resetAfterBodyBytes', bytes }),
  status: (
    status: number,
    error: { code: string; message?: string; retryAfter?: string; amzRetryAfterMs?: number },
  ): FaultAction => ({ kind: 'status', status, ...error }),
  stall: (ms: number): FaultAction => ({ kind: 'stall', ms }),
  loseReply: (): FaultAction => ({ kind: 'loseReply' }),
  delay: (ms: number): FaultAction => ({ kind: 'delay', ms }),
  dropHeader: (header: string): FaultAction => ({ kind: 'dropHeader', header }),
  answer: (
    status: number,
    body: string | ((request: MatchableRequest) => string),
    contentType = 'application/xml',
  ): FaultAction => ({
    kind: 'answer',
    status,
    body,
    contentType,
  }),
  rewriteBody: (rewrite: (body: string) => string): FaultAction => ({
    kind: 'rewriteBody',
    rewrite,
  }),
} as const;

/** What the proxy knows of a request when it decides (headers read, body not yet). */
export type MatchableRequest = {
  readonly method: string;
  /** Path without the query, still percent-encoded as sent (`/bucket/key`). */
  readonly path: string;
  readonly query: URLSearchParams;
};

export type RequestMatcher = {
  readonly method?: string;
  /** Query parameters that must be present (`uploadId`, `partNumber`, `uploads`...). */
  readonly has?: readonly string[];
  /** Query parameters that must be absent. */
  readonly lacks?: readonly string[];
  /** A regular expression tested on the path, or any predicate on the whole request. */
  readonly path?: RegExp;
  readonly test?: (request: MatchableRequest) => boolean;
};

/** The S3 operations by their shape on the wire (not the SDK's `x-id`, so any client matches). */
export const s3Request = {
  any: {},
  putObject: { method: 'PUT', lacks: ['uploadId', 'partNumber'] },
  uploadPart: { method: 'PUT', has: ['uploadId', 'partNumber'] },
  createMultipartUpload: { method: 'POST', has: ['uploads'] },
  completeMultipartUpload: { method: 'POST', has: ['uploadId'] },
  abortMultipartUpload: { method: 'DELETE', has: ['uploadId'] },
  listParts: { method: 'GET', has: ['uploadId'] },
  listMultipartUploads: { method: 'GET', has: ['uploads'] },
  listObjects: { method: 'GET', has: ['list-type'] },
  headObject: { method: 'HEAD' },
} as const satisfies Record<string, RequestMatcher>;

export const matchesRequest = (m: RequestMatcher, r: MatchableRequest): boolean =>
  (m.method === undefined || m.method.toUpperCase() === r.method.toUpperCase()) &&
  (m.has ?? []).every((name) => r.query.has(name)) &&
  (m.lacks ?? []).every((name) => !r.query.has(name)) &&
  (m.path === undefined || m.path.test(r.path)) &&
  (m.test === undefined || m.test(r));

export type FaultRule = {
  readonly match: RequestMatcher;
  readonly action: FaultAction;
  /** How many matching requests get the fault (default 1; Infinity for all). */
  readonly times?: number;
  /** Matching requests let through untouched before the fault starts (default 0). */
  readonly after?: number;
};

/** A rule as installed: counts what it saw and did, can be removed. */
export type RuleHandle = {
  readonly rule: FaultRule;
  /** Requests that matched (including those skipped by `after`). */
  readonly matched: number;
  /** Requests the fault was applied to. */
  readonly fired: number;
  /** True once it has fired `times` times. */
  readonly exhausted: boolean;
  remove(): void;
};

/**
 * Installed rules in order. For each request the first rule that matches and is not exhausted
 * counts it; if that match is past `after`, its action is the decision. A match still within
 * `after` lets later rules have their say.
 */
export class FaultRuleBook {
  private readonly entries: { rule: FaultRule; matched: number; fired: number }[] = [];

  add(rule: FaultRule): RuleHandle {
    const entry = { rule, matched: 0, fired: 0 };
    this.entries.push(entry);
    const entries = this.entries;
    return {
      rule,
      get matched() {
        return entry.matched;
      },
      get fired() {
        return entry.fired;
      },
      get exhausted() {
        return entry.fired >= (rule.times ?? 1);
      },
      remove() {
        const at = entries.indexOf(entry);
        if (at >= 0) entries.splice(at, 1);
      },
    };
  }

  clear(): void {
    this.entries.length = 0;
  }

  decide(request: MatchableRequest): FaultAction | undefined {
    for (const entry of this.entries) {
      if (entry.fired >= (entry.rule.times ?? 1)) continue;
      if (!matchesRequest(entry.rule.match, request)) continue;
      entry.matched += 1;
      if (entry.matched <= (entry.rule.after ?? 0)) continue;
      entry.fired += 1;
      return entry.rule.action;
    }
    return undefined;
  }
}

/** The XML body S3 sends with an error status. */
export const s3ErrorXml = (code: string, message: string, resource: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${escapeXml(code)}</Code>` +
  `<Message>${escapeXml(message)}</Message><Resource>${escapeXml(resource)}</Resource>` +
  `<RequestId>depot-fault-proxy</RequestId></Error>`;

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { S3Client } from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { fileSignalsUnderRequests, SignalledHandler, type RequestHandlerLike } from './callSignal';
import type { S3ObjectStoreOptions } from './S3ObjectStoreOptions';
import type { ServerClock } from './ServerClock';

const silentLogger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/**
 * The SDK clients of one S3 object store over one pool of keep-alive connections, configured for
 * exactly one emission per call (`maxAttempts: 1`) and no work the adapter does not need.
 */
export class S3Clients {
  private readonly handler: SignalledHandler;
  /** The keep-alive connections every request shares, the SDK's and `DirectPut`'s. */
  readonly agents: { readonly http: HttpAgent; readonly https: HttpsAgent };
  private client: S3Client | undefined;

  /**
   * `serverClock`: the endpoint's clock, told every answer and read for every signature.
   * `inner`: the HTTP layer, a recording one in the tests of the SDK's plumbing.
   */
  constructor(
    private readonly options: S3ObjectStoreOptions,
    readonly serverClock: ServerClock,
    inner?: RequestHandlerLike,
  ) {
    const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 16 };
    const httpAgent = new HttpAgent(agentOptions);
    const httpsAgent = new HttpsAgent(agentOptions);
    this.agents = { http: httpAgent, https: httpsAgent };
    // Agent instances (not options) also stop the handler from opening a new connection per
    // `Expect: 100-continue` upload.
    this.handler = new SignalledHandler(
      inner ??
        new NodeHttpHandler({
          connectionTimeout: options.connectionTimeoutMs ?? 10_000,
          socketTimeout: options.socketTimeoutMs ?? 60_000,
          httpAgent,
          httpsAgent,
        }),
    );
  }

  /**
   * Closes the keep-alive connections nobody is using, so that the next request opens a new one.
   * Connections in use are left alone.
   */
  dropIdle(): void {
    for (const agent of [this.agents.http, this.agents.https]) {
      for (const sockets of Object.values(agent.freeSockets)) {
        for (const socket of sockets ?? []) socket.destroy();
      }
    }
  }

  /** The store's one SDK client, signing at the server's time as its answers told it. */
  get(): S3Client {
    let client = this.client;
    if (client === undefined) {
      client = new S3Client({
        endpoint: this.options.endpoint,
        region: this.options.region,
        forcePathStyle: this.options.forcePathStyle ?? false,
        credentials: { ...this.options.credentials },
        maxAttempts: 1,
        // radosgw and others answer 411 to the aws-chunked trailing-checksum encoding; integrity
        // comes from Content-MD5 and the SHA-256 metadata checked after upload.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // The SDK asks `Expect: 100-continue` for bodies of 2 MiB or more: one round trip of
        // silence before every part (80 ms on a tethered link). A refusal after the body costs
        // one part at most, and a refusal is the rare case.
        expectContinueHeader: false,
        requestHandler: this.handler,
        // The middleware stack resolved once per command class, not per call: calls pass no
        // options, their abort signal goes by `withSignal` (callSignal.ts). The calls of one
        // command class then share one handler context; what the SDK writes there per call is
        // decided by this client and the command class alone (the endpoint of the store's one
        // bucket, the auth scheme and these static credentials, the operation's schema), the same
        // for every call, and nothing of a call's own goes there.
        cacheMiddleware: true,
        // Otherwise the SDK prints a warning to the console for every failed upload; failures are
        // reported as outcomes.
        logger: silentLogger,
      });
      // It filters every command's input and output for a log line the silent logger drops:
      // 2 % of Depot's CPU on 2,000 small files (issue 15).
      client.middlewareStack.remove('loggerMiddleware');
      // With `maxAttempts: 1` the retry middleware only keeps books per call (a token from the
      // retry strategy, a UUID for the `amz-sdk-invocation-id` header, the attempt header); our
      // RetryPolicy retries. The recursion-detection one adds a trace header inside AWS Lambda
      // only. Both ran for every request (issue 15, ADR 0013 fourth pass).
      // Signing is placed relative to it by name, so it is overridden by a step that adds nothing.
      client.middlewareStack.add((next) => next, {
        step: 'finalizeRequest',
        priority: 'high',
        name: 'retryMiddleware',
        override: true,
      });
      client.middlewareStack.remove('recursionDetectionMiddleware');
      // Before the signals' filing, which must stay next to the HTTP handler (callSignal.ts).
      hearServerDates(client, this.serverClock);
      fileSignalsUnderRequests(client);
      reuseSigners(client);
      this.client = client;
    }
    // The SDK dates a signature `Date.now() + systemClockOffset` and corrects the offset by itself
    // after a skewed answer only; the server clock, told every answer, rules.
    client.config.systemClockOffset = this.serverClock.signingDate().getTime() - Date.now();
    return client;
  }

  /** Closes idle keep-alive connections. */
  destroy(): void {
    this.client?.destroy();
    this.client = undefined;
    this.handler.destroy();
  }
}

/**
 * Every HTTP answer the client receives, a refusal as well as a success, tells the server clock
 * its `Date`: placed next to the HTTP handler, before the answer is parsed or turned into an error.
 */
const hearServerDates = (client: S3Client, serverClock: ServerClock): void => {
  client.middlewareStack.add(
    (next) => async (args) => {
      const out = await next(args);
      const response = out.response as { readonly headers?: unknown } | undefined;
      const headers = response?.headers;
      if (typeof headers === 'object' && headers !== null) {
        serverClock.heard(headers as Readonly<Record<string, string | undefined>>);
      }
      return out;
    },
    { step: 'deserialize', priority: 'low', name: 'depotServerClock' },
  );
};

/**
 * The SDK builds a new signer for every request (a copy of the whole client configuration, a new
 * signing-key cache, so the key derived again), and works the default user agent out again (the
 * OS release among it). Both depend only on this client's configuration and, for the signer, on
 * the endpoint's auth scheme, the same for every call here: each is made once and reused. The
 * signer takes the time and the clock offset per request (`signingDate`), never from its making.
 * Read by the SDK at each request (`config.signer`, `config.defaultUserAgentProvider`); if an
 * upgrade stops reading them there, this saves nothing and changes nothing
 * (test/unit/s3/callSignal.test.ts counts the signers made).
 */
const reuseSigners = (client: S3Client): void => {
  const config = client.config;
  const makeSigner = config.signer;
  const signers = new Map<string, ReturnType<typeof makeSigner>>();
  config.signer = (authScheme) => {
    const key = JSON.stringify(authScheme ?? null);
    let signer = signers.get(key);
    if (signer === undefined) {
      signer = makeSigner(authScheme);
      signers.set(key, signer);
      // A failure (no region yet) is not kept: the next request asks again.
      signer.catch(() => signers.delete(key));
    }
    return signer;
  };
  const userAgent = config.defaultUserAgentProvider;
  let known: ReturnType<typeof userAgent> | undefined;
  config.defaultUserAgentProvider = () => {
    if (known === undefined) {
      known = userAgent();
      known.catch(() => (known = undefined));
    }
    return known;
  };
};

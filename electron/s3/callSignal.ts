import type { S3Client } from '@aws-sdk/client-s3';
import type { NodeHttpHandler } from '@smithy/node-http-handler';

/*
 * Each call's abort signal, carried past the SDK's handler cache (ADR 0013, fourth pass).
 *
 * `Client.send` reuses the middleware stack it resolved for a command class only when the call
 * passes no options (`cacheMiddleware: true`); resolving it per call was ~1 s of CPU per 2,000
 * small files. A signal passed as `{ abortSignal }` is such an option, and once cached it would be
 * bound into the shared handler. So the call passes none: the signal rides on the command as a
 * symbol-keyed property, which the middlewares carry along as they copy `args` (`{ ...args }`
 * copies own symbol keys) and the schema serializer never sees; the innermost middleware files
 * it under the signed request, and the request handler hands it to `NodeHttpHandler.handle` as
 * the SDK would have.
 *
 * What breaks this on an SDK upgrade, each a loud error on every call (never a call without its
 * signal), covered by test/unit/s3/callSignal.test.ts: a middleware that rebuilds `args` without
 * copying it; a middleware inside ours that replaces the request; `send` calling the handler with
 * something other than the command.
 */

const SIGNAL = Symbol('depot.callSignal');
const signals = new WeakMap<object, AbortSignal>();

type Signalled = { [SIGNAL]?: AbortSignal };

/** The command, to be sent without options, carrying `signal` to the connection. */
export const withSignal = <C extends object>(command: C, signal: AbortSignal): C => {
  Object.defineProperty(command, SIGNAL, { value: signal, enumerable: true });
  return command;
};

/**
 * Adds the innermost middleware: the request it sees is the one the handler is given (signed, no
 * middleware after it). Added after the client's other middleware so that nothing sits inside it.
 */
export const fileSignalsUnderRequests = (client: S3Client): void => {
  client.middlewareStack.add(
    (next) => (args) => {
      const signal = (args as Signalled)[SIGNAL];
      if (signal === undefined)
        throw new Error('callSignal: a call reached the wire without its signal');
      signals.set(args.request as object, signal);
      return next(args);
    },
    { step: 'deserialize', priority: 'low', name: 'depotCallSignal' },
  );
};

type Handle = NodeHttpHandler['handle'];

/** What the SDK calls on a request handler. */
export type RequestHandlerLike = Pick<
  NodeHttpHandler,
  'handle' | 'destroy' | 'updateHttpClientConfig' | 'httpHandlerConfigs'
>;

/** `inner`, with each request's call signal as `abortSignal` (the cached handler passes none). */
export class SignalledHandler implements RequestHandlerLike {
  constructor(private readonly inner: RequestHandlerLike) {}

  handle(request: Parameters<Handle>[0], options: Parameters<Handle>[1] = {}): ReturnType<Handle> {
    const abortSignal = signals.get(request);
    if (abortSignal === undefined) {
      return Promise.reject(new Error('callSignal: a request without its call signal'));
    }
    signals.delete(request);
    return this.inner.handle(request, { ...options, abortSignal });
  }

  destroy(): void {
    this.inner.destroy();
  }

  updateHttpClientConfig(...args: Parameters<NodeHttpHandler['updateHttpClientConfig']>): void {
    this.inner.updateHttpClientConfig(...args);
  }

  httpHandlerConfigs(): ReturnType<NodeHttpHandler['httpHandlerConfigs']> {
    return this.inner.httpHandlerConfigs();
  }
}

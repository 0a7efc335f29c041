import type { Failure } from '../retry/Outcome';

/**
 * A write may have acted when its whole body went out and no answer came back (or, for bodiless
 * writes, when the request went out at all): replaying it blindly is what seed 003 forbids. A
 * refused connection, a failed name lookup or no route never reached the server.
 */
export const mayHaveActed = (failure: Failure, bodySent: boolean): boolean =>
  failure.kind === 'unreachable' &&
  bodySent &&
  failure.reason !== 'connection-refused' &&
  failure.reason !== 'dns' &&
  failure.reason !== 'no-route';

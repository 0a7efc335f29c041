/**
 * A body's local source could not be read (missing, unreadable, shorter than planned). Not the
 * network's fault, so never classified as an outcome: the adapter throws it, with the original
 * error as `cause`, for the engine to report the source.
 */
export class SourceReadError extends Error {
  constructor(override readonly cause: unknown) {
    super(`reading the body failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'SourceReadError';
  }
}

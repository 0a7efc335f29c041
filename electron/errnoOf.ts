/**
 * The `code` a thrown system or driver error carries (Node's ENOENT, EACCES, EPIPE..., SQLite's
 * SQLITE_BUSY...), undefined for anything else: the one rule by which Depot reads an error's code
 * (never its message).
 */
export const errnoOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

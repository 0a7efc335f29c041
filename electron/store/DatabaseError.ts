/** Why the plan database cannot be used. The file itself is never deleted or recreated. */
export type DatabaseErrorCode =
  | 'newer-than-code'
  | 'corrupt'
  | 'unreadable'
  | 'bad-migrations'
  /** The disk holding the database is full: nothing is lost, the plan resumes once space is freed. */
  | 'disk-full'
  /** Another process kept the file locked longer than an open waits: retry later, nothing lost. */
  | 'busy';

export class DatabaseError extends Error {
  override readonly name = 'DatabaseError';
  constructor(
    readonly code: DatabaseErrorCode,
    message: string,
    /** What SQLite or the file system said (kept, never replaced by a later cleanup error). */
    options?: { readonly cause?: unknown },
  ) {
    super(message, options);
  }
}

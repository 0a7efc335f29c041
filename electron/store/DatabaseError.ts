/** Why the plan database cannot be used. The file itself is never deleted or recreated. */
export type DatabaseErrorCode = 'newer-than-code' | 'corrupt' | 'unreadable' | 'bad-migrations';

export class DatabaseError extends Error {
  override readonly name = 'DatabaseError';
  constructor(
    readonly code: DatabaseErrorCode,
    message: string,
  ) {
    super(message);
  }
}

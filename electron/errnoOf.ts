/** The `code` of a Node system error (ENOENT, EACCES...), undefined for anything else. */
export const errnoOf = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

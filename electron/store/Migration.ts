/** One numbered, append-only schema step. Never edit a released one: add the next number. */
export type Migration = {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
};

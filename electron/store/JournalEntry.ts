/** One attempt (or give-up) of one operation, for the diagnostic screen and the tests. */
export type JournalEntry = {
  readonly id: number;
  readonly planId: number | null;
  readonly operation: string;
  /** `success`, `unreachable:<reason>`, `refused:<status>:<code>`, `gave-up:<reason>`... */
  readonly outcome: string;
  readonly attempt: number;
  /** The wait chosen before the next attempt, when one was scheduled. */
  readonly delayMs: number | null;
  readonly at: number;
};

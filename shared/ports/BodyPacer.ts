/**
 * The bandwidth cap a request body's bytes go through on their way to the socket (`--bwlimit`).
 * The adapter takes each slice before it writes it, so the cap holds on the wire over any second,
 * not merely on average over a part (issue 30: a 5 MiB part left in one burst).
 */
export type BodyPacer = {
  /** The most bytes written at once: a fraction of a second of the rate. */
  readonly sliceBytes: number;
  /** Resolves when `bytes` more may go; rejects with the platform's AbortError on `signal`. */
  take(bytes: number, signal?: AbortSignal): Promise<void>;
};

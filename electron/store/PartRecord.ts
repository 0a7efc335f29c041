/** One part of a unit (a single PutObject is part 1 covering the whole file). */
export type PartRecord = {
  readonly unitId: number;
  readonly partNumber: number;
  readonly offset: number;
  readonly size: number;
  /** Hex MD5 of the part's bytes, computed while planning. */
  readonly md5: string;
  /** ETag the server acknowledged, null while not acknowledged. */
  readonly etag: string | null;
  /** How many times sending was started (a part started twice is re-sent bytes). */
  readonly sends: number;
};

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
  /** Bytes that went on the wire for this part so far (beyond its size: re-sent). */
  readonly sentBytes: number;
};

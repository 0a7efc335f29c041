/** One part of a file as hashed: where it lies and its MD5 (its request's Content-MD5). */
export type PartDigest = {
  readonly partNumber: number;
  readonly offset: number;
  readonly size: number;
  readonly md5: string;
};

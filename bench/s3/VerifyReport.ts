/** What the server holds under a tool's prefix, compared with the local SHA-256 of each file. */
export type VerifyReport = {
  readonly files: number;
  readonly verified: number;
  /** The sizes of the verified files, summed: the payload that landed. */
  readonly verifiedBytes: number;
  readonly missing: readonly string[];
  readonly mismatched: readonly string[];
  readonly extraObjects: readonly string[];
  readonly openMultipartUploads: number;
};

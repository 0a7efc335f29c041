/** One local file of a night, as the bench expects to find it on the server. */
export type ManifestEntry = {
  readonly relativePath: string;
  readonly size: number;
  readonly sha256: string;
};

/**
 * The command line's destination for a test bucket: `--endpoint` (the server's, a proxy's or a
 * lab link's), `--bucket`, `--prefix` and path-style addressing, as `deposit` and `verify` take it.
 */
export const targetArgs = (endpoint: string, bucket: string, prefix: string): string[] => [
  '--endpoint',
  endpoint,
  '--bucket',
  bucket,
  '--prefix',
  prefix,
  '--path-style',
];

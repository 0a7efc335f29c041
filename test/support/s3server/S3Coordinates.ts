/** How a test reaches the shared S3 server: plain data, so vitest can hand it to every worker. */
export type S3Coordinates = {
  readonly endpoint: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /**
   * The server's ceph.conf, for `radosgw-admin` (more users of its own, as the portal stand-in
   * needs); absent when the environment names a server without it.
   */
  readonly cephConf?: string;
};

/** Environment variables naming an already running server (set by `npm test`, or by hand). */
export const S3_ENV = {
  endpoint: 'DEPOT_S3_ENDPOINT',
  region: 'DEPOT_S3_REGION',
  accessKeyId: 'DEPOT_S3_ACCESS_KEY_ID',
  secretAccessKey: 'DEPOT_S3_SECRET_ACCESS_KEY',
  cephConf: 'DEPOT_S3_CEPH_CONF',
} as const;

/** The coordinates from the environment, when all of them are set. */
export const s3CoordinatesFromEnv = (
  env: Readonly<Record<string, string | undefined>>,
): S3Coordinates | undefined => {
  const endpoint = env[S3_ENV.endpoint];
  const accessKeyId = env[S3_ENV.accessKeyId];
  const secretAccessKey = env[S3_ENV.secretAccessKey];
  if (!endpoint || !accessKeyId || !secretAccessKey) return undefined;
  const cephConf = env[S3_ENV.cephConf];
  return {
    endpoint,
    region: env[S3_ENV.region] || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    ...(cephConf ? { cephConf } : {}),
  };
};

/** How a test reaches the shared S3 server: plain data, so vitest can hand it to every worker. */
export type S3Coordinates = {
  readonly endpoint: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
};

/** Environment variables naming an already running server (set by `npm test`, or by hand). */
export const S3_ENV = {
  endpoint: 'DEPOT_S3_ENDPOINT',
  region: 'DEPOT_S3_REGION',
  accessKeyId: 'DEPOT_S3_ACCESS_KEY_ID',
  secretAccessKey: 'DEPOT_S3_SECRET_ACCESS_KEY',
} as const;

/** The coordinates from the environment, when all of them are set. */
export const s3CoordinatesFromEnv = (
  env: Readonly<Record<string, string | undefined>>,
): S3Coordinates | undefined => {
  const endpoint = env[S3_ENV.endpoint];
  const accessKeyId = env[S3_ENV.accessKeyId];
  const secretAccessKey = env[S3_ENV.secretAccessKey];
  if (!endpoint || !accessKeyId || !secretAccessKey) return undefined;
  return { endpoint, region: env[S3_ENV.region] || 'us-east-1', accessKeyId, secretAccessKey };
};

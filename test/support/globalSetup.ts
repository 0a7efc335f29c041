import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { s3CoordinatesFromEnv, type S3Coordinates } from './s3server/S3Coordinates';
import { startS3Server } from './s3server/startS3Server';

declare module 'vitest' {
  // An interface because vitest's ProvidedContext is extended by declaration merging.
  export interface ProvidedContext {
    s3: S3Coordinates;
  }
}

/**
 * One real S3 server for the whole project run (integration, e2e), unless the environment already
 * names one (`npm test` starts one and shares it between projects). Tests read it with
 * `inject('s3')` or, simpler, `testBucket()`.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const given = s3CoordinatesFromEnv(process.env);
  if (given !== undefined) {
    project.provide('s3', given);
    return;
  }
  const server = await startS3Server({
    log: (line) => process.stderr.write(`[s3 server] ${line}\n`),
  });
  const { endpoint, region, accessKeyId, secretAccessKey } = server;
  const cephConf = join(server.dir, 'ceph.conf');
  project.provide('s3', { endpoint, region, accessKeyId, secretAccessKey, cephConf });
  return () => server.stop();
}

import type { ConnectionVerdict } from '../../shared/ipc/views';
import type { Clock } from '../../shared/ports/Clock';
import type { ObjectStore } from '../../shared/ports/ObjectStore';
import type { CertificateProblem, Failure } from '../../shared/retry/Outcome';
import { probeEndpoint } from '../s3/probeEndpoint';
import type { ProbeListing } from '../s3/probeEndpoint';

const TIMEOUT_MS = 15_000;

const answer = (failure: Failure): { status?: number; code?: string } =>
  failure.kind === 'refused'
    ? { status: failure.status, ...(failure.code === undefined ? {} : { code: failure.code }) }
    : {};

// The server is there (the handshake got as far as its certificate), but nothing was asked of it:
// the deposit stops on the same certificate, so the test must not pass it over.
const certificateVerdict = (problem: CertificateProblem): ConnectionVerdict => ({
  reachable: true,
  problem: `certificate-${problem}`,
  credentialsAccepted: null,
  bucketExists: null,
  bucketWritable: null,
});

/**
 * "Tester la connexion": first, where the adapter can, the endpoint probe (a port where nothing
 * listens, a server that is not S3: configuration mistakes the volunteer can fix); then one
 * HeadBucket (reachable, credentials, bucket), then a multipart upload created and aborted at
 * once, which proves writing is allowed without leaving an object behind. One emission each, no
 * retry: the verdict is about now.
 */
export const testConnection = async (
  store: ObjectStore & { readonly probeListing?: ProbeListing },
  clock: Clock,
): Promise<ConnectionVerdict> => {
  const options = () => ({ deadline: clock.now() + TIMEOUT_MS });
  if (store.probeListing !== undefined) {
    const probe = store.probeListing.bind(store);
    const verdict = await probeEndpoint(probe, options());
    const unknown = { credentialsAccepted: null, bucketExists: null, bucketWritable: null };
    if (verdict.kind === 'nothing-listens')
      return { reachable: false, problem: 'nothing-listens', ...unknown };
    if (verdict.kind === 'not-s3')
      return { reachable: true, problem: 'not-s3', status: verdict.status, ...unknown };
    if (verdict.kind === 'certificate') return certificateVerdict(verdict.problem);
    if (verdict.kind === 'clock') {
      return {
        reachable: true,
        problem: 'clock',
        ...(verdict.skewMs === null ? {} : { skewMs: verdict.skewMs }),
        ...unknown,
      };
    }
  }
  const head = await store.headBucket(options());
  if (head.kind !== 'success') {
    if (head.kind === 'certificate') return certificateVerdict(head.problem);
    if (head.kind !== 'refused') {
      return {
        reachable: false,
        credentialsAccepted: null,
        bucketExists: null,
        bucketWritable: null,
      };
    }
    const missing = head.status === 404 || head.code === 'NoSuchBucket';
    const denied = head.status === 401 || head.status === 403;
    return {
      reachable: true,
      credentialsAccepted: missing ? true : denied ? false : null,
      bucketExists: missing ? false : null,
      bucketWritable: null,
      ...answer(head),
    };
  }
  const key = `.depot-connection-test/${clock.now()}`;
  const created = await store.createMultipartUpload({ key, metadata: {} }, options());
  if (created.kind !== 'success') {
    return {
      reachable: created.kind === 'refused',
      credentialsAccepted: true,
      bucketExists: true,
      bucketWritable: created.kind === 'refused' ? false : null,
      ...answer(created),
    };
  }
  await store.abortMultipartUpload({ key, uploadId: created.value.uploadId }, options());
  return { reachable: true, credentialsAccepted: true, bucketExists: true, bucketWritable: true };
};

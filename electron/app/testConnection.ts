import type { ConnectionVerdict } from '../../shared/ipc/views';
import type { Clock } from '../../shared/ports/Clock';
import type { ObjectStore } from '../../shared/ports/ObjectStore';
import type { CertificateProblem, Failure } from '../../shared/retry/Outcome';
import { objectKey } from '../../shared/field/objectKey';
import { DEPOT_FOLDER } from '../../shared/wire/nightManifestKey';
import { probeEndpoint } from '../s3/probeEndpoint';
import { learnConditionalWrites } from './learnConditionalWrites';

const TIMEOUT_MS = 15_000;

const answer = (failure: Failure): { status?: number; code?: string } =>
  failure.kind === 'refused'
    ? { status: failure.status, ...(failure.code === undefined ? {} : { code: failure.code }) }
    : {};

const unknown = {
  credentialsAccepted: null,
  bucketExists: null,
  bucketWritable: null,
  canList: null,
} as const;

// The server is there (the handshake got as far as its certificate), but nothing was asked of it:
// the deposit stops on the same certificate, so the test must not pass it over.
const certificateVerdict = (problem: CertificateProblem, folder: string): ConnectionVerdict => ({
  reachable: true,
  problem: `certificate-${problem}`,
  folder,
  ...unknown,
});

/** A refusal the bucket's policy gives a valid key (a HEAD's 403 has no code to say more). */
const deniedByPolicy = (failure: Failure): boolean =>
  failure.kind === 'refused' &&
  failure.status === 403 &&
  (failure.code === undefined || failure.code === 'AccessDenied');

/**
 * "Tester la connexion": what a deposit will need, asked inside the night's own folder (`prefix`:
 * the fixed part of the prefix template), nothing outside it (issue 29). First the listing a run
 * starts with (max-keys 0): a port where nothing listens, a server that is not S3, a refused
 * certificate, a wrong key or secret, a missing bucket, or a key that may not list there (a
 * write-only key deposits all the same: said, not refused). Then a multipart upload created and
 * aborted at once under `PREFIX.depot/`, which proves writing is allowed; then what the server
 * honours of conditional writes (`learnConditionalWrites`, which leaves one empty marker there).
 * One emission each, no retry: the verdict is about now.
 */
export const testConnection = async (
  store: ObjectStore,
  clock: Clock,
  prefix: string,
): Promise<ConnectionVerdict> => {
  const options = () => ({ deadline: clock.now() + TIMEOUT_MS });
  const folder = `${store.target.bucket}/${prefix}`;
  const verdict = await probeEndpoint((i, o) => store.probeListing(i, o), prefix, options());
  switch (verdict.kind) {
    case 'nothing-listens':
      return { reachable: false, problem: 'nothing-listens', folder, ...unknown };
    case 'not-s3':
      return { reachable: true, problem: 'not-s3', status: verdict.status, folder, ...unknown };
    case 'certificate':
      return certificateVerdict(verdict.problem, folder);
    case 'unreachable':
    case 'transient':
    case 'aborted':
      return { reachable: false, folder, ...unknown };
    case 'clock':
      return {
        reachable: true,
        problem: 'clock',
        ...(verdict.skewMs === null ? {} : { skewMs: verdict.skewMs }),
        folder,
        ...unknown,
      };
    case 'auth':
      return {
        reachable: true,
        folder,
        ...unknown,
        credentialsAccepted: false,
        status: verdict.status,
        code: verdict.code,
      };
    case 'bucket-missing':
      return {
        reachable: true,
        folder,
        ...unknown,
        credentialsAccepted: true,
        bucketExists: false,
        status: 404,
        code: 'NoSuchBucket',
      };
    case 'refused':
      return { reachable: true, folder, ...unknown, status: verdict.status, code: verdict.code };
    case 'ok':
    case 'cannot-list':
      break;
  }
  const canList = verdict.kind === 'ok';
  const known = { reachable: true, folder, credentialsAccepted: true, bucketExists: true, canList };
  const key = objectKey(prefix, `${DEPOT_FOLDER}/connection-test-${clock.now()}`);
  const created = await store.createMultipartUpload({ key, metadata: {} }, options());
  if (created.kind !== 'success') {
    if (created.kind !== 'refused') return { ...known, reachable: false, bucketWritable: null };
    return {
      ...known,
      bucketWritable: deniedByPolicy(created) ? false : null,
      ...answer(created),
    };
  }
  await store.abortMultipartUpload({ key, uploadId: created.value.uploadId }, options());
  const conditionalWrites = await learnConditionalWrites(store, prefix, options);
  return { ...known, bucketWritable: true, conditionalWrites };
};

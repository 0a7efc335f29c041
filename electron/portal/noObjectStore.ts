import type { ObjectStore } from '../../shared/ports/ObjectStore';

const never = (): never => {
  // A portal-only engine runs no S3 night: `DepositEngine` sends none through this store (a
  // night whose target is another is blocked, its store unknown). Reaching here is a bug.
  throw new Error('this Depot holds no bucket: it deposits to a programme’s portal only');
};

/**
 * The object store of an engine that deposits to a programme's portal only (ADR 0032): the
 * volunteer holds no storage key, so there is no bucket to name. Its target matches no S3 night.
 */
export const noObjectStore: ObjectStore = {
  endpoint: 'none:',
  target: { endpoint: 'none:', region: '', pathStyle: false, bucket: '', credentialId: '' },
  probeListing: never,
  checkRoute: never,
  putObject: never,
  createMultipartUpload: never,
  uploadPart: never,
  listPartsPage: never,
  listUploadsPage: never,
  completeMultipartUpload: never,
  abortMultipartUpload: never,
  headObject: never,
  getObject: never,
  listObjectsPage: never,
  deleteObject: never,
};

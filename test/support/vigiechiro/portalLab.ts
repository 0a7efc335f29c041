import { S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../faultProxy';
import {
  PORTAL_S3_USER,
  startPortalStandIn,
  type PortalStandIn,
  type PortalStandInOptions,
} from './startPortalStandIn';

/** The stand-in with a fault proxy in front of it and one in front of radosgw. */
export type PortalLab = {
  readonly standIn: PortalStandIn;
  /** In front of the stand-in: give `api.endpoint` to clients as the portal's address. */
  readonly api: FaultProxy;
  /** In front of radosgw: every signed URL the stand-in gives points here. */
  readonly s3: FaultProxy;
  close(): Promise<void>;
};

/**
 * What most portal tests start with (`inject('s3')`: the run's radosgw). Signed URLs point at the
 * S3 proxy; SigV2 signs `/bucket/key`, not the host, so radosgw verifies them through it.
 */
export const startPortalLab = async (
  options: Omit<PortalStandInOptions, 's3' | 'signedUrlBase'> = {},
): Promise<PortalLab> => {
  const coordinates = inject('s3');
  const s3 = await startFaultProxy({ target: coordinates.endpoint });
  const standIn = await startPortalStandIn({
    ...options,
    s3: coordinates,
    signedUrlBase: s3.endpoint,
  });
  const api = await startFaultProxy({ target: standIn.endpoint });
  return {
    standIn,
    api,
    s3,
    close: async () => {
      await api.close();
      await s3.close();
      await standIn.close();
    },
  };
};

/** An SDK client on the portal's bucket, straight to radosgw: the independent check of objects. */
export const portalBucketClient = (standIn: PortalStandIn): S3Client =>
  new S3Client({
    endpoint: standIn.s3.endpoint,
    region: standIn.s3.region,
    forcePathStyle: true,
    maxAttempts: 3,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: {
      accessKeyId: PORTAL_S3_USER.accessKeyId,
      secretAccessKey: PORTAL_S3_USER.secretAccessKey,
    },
  });

import { targetOfPlan } from '../../shared/engine/targetOfPlan';
import type { StorageTarget } from '../../shared/domain/StorageTarget';
import { createEngineStack } from '../runtime/createEngineStack';
import type { EngineStack } from '../runtime/createEngineStack';
import { APP_VERSION } from '../runtime/appVersion';
import { S3ObjectStore } from '../s3/S3ObjectStore';
import type { PlanRecord } from '../store/PlanRecord';
import type { PlanStore } from '../store/PlanStore';
import type { Credentials } from './resolveCredentials';

/**
 * The engine over a night's own target (issue 11), for the commands that act on one night by its
 * number (`depot remove`, `depot correct`): its endpoint, region, addressing and bucket from the
 * plan, the credentials from the environment. Another target (a correction's) is reached with
 * the same credentials; a plan made before targets were recorded gives `fallback` its region.
 */
export const nightEngine = (
  store: PlanStore,
  plan: PlanRecord,
  credentials: Credentials,
  fallback: { readonly region: string; readonly pathStyle: boolean },
): EngineStack & { readonly target: StorageTarget; close(): void } => {
  const storeFor = (t: StorageTarget): S3ObjectStore =>
    new S3ObjectStore({
      endpoint: t.endpoint,
      region: t.region,
      bucket: t.bucket,
      forcePathStyle: t.pathStyle,
      credentials,
    });
  const target = targetOfPlan(plan, {
    endpoint: plan.endpoint,
    bucket: plan.bucket,
    region: fallback.region,
    pathStyle: fallback.pathStyle,
    credentialId: credentials.accessKeyId,
  });
  const made: S3ObjectStore[] = [];
  const objects = storeFor({ ...target, credentialId: credentials.accessKeyId });
  const stack = createEngineStack({
    store,
    objectStore: objects,
    // Every night this command touches is reached with the credentials it was given.
    storeFor: (t) => {
      const s = storeFor(t);
      made.push(s);
      return s;
    },
    settings: { appVersion: APP_VERSION },
  });
  return {
    ...stack,
    target,
    close: () => {
      objects.destroy();
      for (const s of made) s.destroy();
    },
  };
};

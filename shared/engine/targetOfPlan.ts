import type { StorageTarget } from '../domain/StorageTarget';

/** The night's own target: a plan made before targets were recorded follows the current one. */
export const targetOfPlan = (
  plan: {
    readonly endpoint: string;
    readonly bucket: string;
    readonly region: string | null;
    readonly pathStyle: boolean | null;
    readonly credentialId: string | null;
  },
  current: StorageTarget,
): StorageTarget => ({
  endpoint: plan.endpoint,
  bucket: plan.bucket,
  region: plan.region ?? current.region,
  pathStyle: plan.pathStyle ?? current.pathStyle,
  credentialId: plan.credentialId ?? current.credentialId,
});

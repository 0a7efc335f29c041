import type { PlanView } from '../../shared/ipc/views';

/**
 * Where a night goes, as a volunteer reads it: `s3.example.org › bucket/prefix/`. An address
 * without TLS keeps its `http://`: it says the bytes go unencrypted, and two nights sent to one
 * server over http and https would otherwise read the same.
 */
export const destinationOf = (
  plan: Pick<PlanView, 'endpoint' | 'bucket' | 'prefix'> & { readonly portal?: PlanView['portal'] },
): string => {
  let host = plan.endpoint;
  try {
    const url = new URL(plan.endpoint);
    host =
      url.host === '' ? plan.endpoint : `${url.protocol === 'http:' ? 'http://' : ''}${url.host}`;
  } catch {
    // Not a URL (an in-memory store in tests): shown as given.
  }
  // A portal night: the portal's address and the participation it keeps (ADR 0032).
  if (plan.portal != null) return `${host} › ${plan.portal.participationId}`;
  const path = [plan.bucket, plan.prefix].filter((p) => p !== '').join('/');
  return `${host} › ${path}/`;
};

import type { PlanView } from '../../shared/ipc/views';

/** Where a night goes, as a volunteer reads it: `s3.example.org › bucket/prefix/`. */
export const destinationOf = (plan: Pick<PlanView, 'endpoint' | 'bucket' | 'prefix'>): string => {
  let host = plan.endpoint;
  try {
    host = new URL(plan.endpoint).host || plan.endpoint;
  } catch {
    // Not a URL (an in-memory store in tests): shown as given.
  }
  const path = [plan.bucket, plan.prefix].filter((p) => p !== '').join('/');
  return `${host} › ${path}/`;
};

import type { PlanUpdateReport } from '../engine/PlanUpdateReport';

const listed = (paths: readonly string[]): string =>
  paths.slice(0, 20).join(', ') + (paths.length > 20 ? `, ... (${paths.length} in all)` : '');

/** What `--update` did to the plan, for the volunteer (stderr, like the other progress lines). */
export const describeUpdate = (planId: number, u: PlanUpdateReport): string => {
  const lines = [
    `Plan ${planId} brought up to date with the folder: ${u.changed.length} changed (sent again), ${u.removed.length} removed, ${u.added.length} new` +
      (u.retried.length > 0 ? `, ${u.retried.length} failed earlier and queued again` : '') +
      (u.abortedUploads > 0 ? `; ${u.abortedUploads} open upload(s) of old bytes aborted` : ''),
  ];
  if (u.changed.length > 0) lines.push(`  changed: ${listed(u.changed)}`);
  if (u.removed.length > 0)
    lines.push(
      `  removed from the plan (their objects, if any, stay on the server): ${listed(u.removed)}`,
    );
  if (u.added.length > 0) lines.push(`  new: ${listed(u.added)}`);
  if (u.changedAfterVerified.length > 0)
    lines.push(
      `  already verified on the server before they changed (the server's copy is never overwritten: they will show as conflicts): ${listed(u.changedAfterVerified)}`,
    );
  return lines.join('\n');
};

import type { RemovalCounts } from '../store/PlanStore';
import type { RemovalPass } from '../engine/ways/workRemovals';

/** Where a night's objects are, as the command line prints it. */
export const placeText = (p: { endpoint: string; bucket: string; prefix: string }): string =>
  `${p.endpoint} › ${[p.bucket, p.prefix].filter((s) => s !== '').join('/')}/`;

/**
 * What a removal pass did, in one or two lines: what was removed, what was left because it was no
 * longer the night's, and a refusal named with the permission it lacks (issue 31).
 */
export const removalText = (
  counts: RemovalCounts & { readonly uploads: number },
  pass: RemovalPass,
  place: string,
): string => {
  const lines = [
    `removed ${counts.removed} object(s) under ${place}` +
      (counts.absent > 0 ? `, ${counts.absent} already gone` : '') +
      (counts.notOurs > 0
        ? `, ${counts.notOurs} left in place (another object is now at the key: not this night's)`
        : ''),
  ];
  if (pass.ended === 'denied')
    lines.push(
      `the server refused to delete (${pass.refusal?.status ?? ''} ${pass.refusal?.code ?? ''}): this key lacks the s3:DeleteObject permission; ${counts.denied} object(s) stay under ${place}. Ask your coordinator to remove them or to grant that permission, then run the same command again`,
    );
  if (pass.ended === 'unavailable')
    lines.push(
      'some objects were written with other credentials than those given: give those credentials and run the same command again',
    );
  if (counts.uploads > 0 && pass.ended !== 'stopped')
    lines.push(`${counts.uploads} multipart upload(s) could not be aborted yet`);
  return lines.join('\n');
};

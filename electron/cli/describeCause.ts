import type { DeniedAction, FailureCause } from '../../shared/domain/FailureCause';
import { remedyOf } from '../../shared/domain/FailureCause';
import { certificateAdvice } from './certificateAdvice';
import { clockAdvice } from './clockAdvice';

/** The server's fault (or a proxy's), never the volunteer's settings (issue 30). */
export const ENDLESS_LISTING =
  "the server's listing went round in circles (a continuation token it had given before, or page after page with nothing new): Depot stopped asking; the server's or a proxy's fault: tell the storage administrator";

/** A 401 from the portal: what the volunteer does (ADR 0032). */
export const PORTAL_SIGNED_OUT =
  'the portal no longer takes your sign-in (expired, or none given): sign in to the portal again and pass the new token (--token, or DEPOT_PORTAL_TOKEN)';

const VERB: Readonly<Record<DeniedAction, string>> = {
  list: 'list',
  write: 'write to',
  read: 'read',
  abort: 'abort uploads in',
};

/** "this key may not list programme/vol42/": the action and the folder a policy refused. */
export const deniedSentence = (cause: {
  readonly action: DeniedAction;
  readonly bucket: string;
  readonly folder: string;
}): string => `this key may not ${VERB[cause.action]} ${cause.bucket}/${cause.folder}`;

/** A failure cause in plain English for the command line, with what retrying can do about it. */
export const describeCause = (cause: FailureCause): string => {
  if (cause.kind === 'denied') {
    return `${deniedSentence(cause)} (AccessDenied): the key and secret are right, the bucket's policy does not allow it; ask the coordinator for a key with that permission`;
  }
  // It stops the run, never a file: its advice is the whole sentence, no retry is offered.
  if (cause.kind === 'certificate') {
    return certificateAdvice(cause.problem, cause.code, 'the endpoint');
  }
  if (cause.kind === 'clock') return clockAdvice(cause.skewMs, 'run the same command again');
  const what = ((): string => {
    switch (cause.kind) {
      case 'auth':
        return `the server refused the credentials (${cause.status} ${cause.code}): the access key or its secret is wrong`;
      case 'refused':
        return `refused by the server (${cause.status} ${cause.code})`;
      case 'bucket-missing':
        return `the bucket "${cause.bucket}" does not exist`;
      case 'conflict':
        return `another object already has this name (${cause.remoteSize} bytes there, ${cause.localSize} here): not overwritten`;
      case 'source-changed':
        return `the file changed during the deposit (${cause.detail})`;
      case 'source-missing':
        return 'the file is gone from the folder';
      case 'source-unreadable':
        return `the file cannot be read (${cause.detail})`;
      case 'verification-failed':
        return `the server's copy does not match (${cause.detail})`;
      case 'unproven':
        return `an object of the same size is already there, but nothing the server computed proves its content (ETag ${cause.remoteEtag || 'none'}): not overwritten`;
      case 'upload-vanished':
        return `the server dropped this file's multipart upload ${cause.restarts + 1} times (a lifecycle rule or a purge of unfinished uploads?): ask the storage administrator`;
      case 'endless-listing':
        return ENDLESS_LISTING;
      case 'target-unavailable':
        return `this night goes to bucket "${cause.bucket}" with access key ${cause.credentialId}, which this Depot no longer holds: give those credentials again`;
      case 'portal-refused':
        return `the portal refused this file (${cause.status} ${cause.code}${cause.detail === null ? '' : `: ${cause.detail}`})`;
      case 'portal-signed-out':
        return PORTAL_SIGNED_OUT;
      case 'participation-ambiguous':
        return `the site already has ${cause.count} participations of this night (same start, same point) and the portal does not say which is the night's: pick it with --participation ID (none is created)`;
    }
  })();
  // Neither retry-failures nor new credentials: the step that works is the read-back, which
  // `deposit --read-back` now takes for every such file of the night (issue 30: the advice sent
  // volunteers who had used it back to it).
  if (cause.kind === 'unproven')
    return `${what}; run the same \`depot deposit\` with --read-back: it reads the object back and compares (deposited if it is the same, a conflict if not)`;
  const remedy = remedyOf(cause);
  const hint =
    remedy === 'retry'
      ? '`depot retry-failures` can help'
      : remedy === 'new-credentials'
        ? 'fix the credentials, then run the deposit again'
        : 'retrying will not help';
  return `${what}; ${hint}`;
};

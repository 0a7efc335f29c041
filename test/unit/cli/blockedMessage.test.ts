import { describe, expect, it } from 'vitest';
import { blockedMessage, blockedRunMessage } from '../../../electron/cli/blockedMessage';
import type { FailureCause } from '../../../shared/domain/FailureCause';

const E = 'http://s3.example';
const expired: FailureCause = { kind: 'auth', status: 400, code: 'ExpiredToken' };
const removedKey: FailureCause = { kind: 'auth', status: 403, code: 'InvalidAccessKeyId' };
const bucketGone: FailureCause = { kind: 'bucket-missing', bucket: 'night' };
const conflict: FailureCause = { kind: 'conflict', localSize: 1, remoteSize: 2 };

describe('blockedMessage: the cause a whole deposit stopped on, named by its code', () => {
  it.each<[FailureCause, RegExp]>([
    [expired, /session token has expired \(400 ExpiredToken\): get new temporary credentials/],
    [removedKey, /does not know this access key \(403 InvalidAccessKeyId: removed, disabled/],
    [
      { kind: 'auth', status: 403, code: 'SignatureDoesNotMatch' },
      /refused the secret given for this access key .*AWS_SECRET_ACCESS_KEY/,
    ],
    [
      { kind: 'auth', status: 403, code: 'AccessDenied' },
      /refused the credentials \(403 AccessDenied\): .* and the bucket's permissions/,
    ],
    [bucketGone, /^the bucket "night" does not exist on http:\/\/s3\.example: create it/],
  ])('%o', (cause, said) => {
    expect(blockedMessage(cause, E)).toMatch(said);
  });
});

describe('blockedRunMessage: what became of the files, and a step that brings them back', () => {
  it('"Nothing was failed" only when nothing was', () => {
    expect(blockedRunMessage(removedKey, E, [])).toMatch(
      /\. Nothing was failed: run the same command again once it is fixed\.$/,
    );
    for (const failed of [[removedKey], [conflict], [removedKey, conflict]])
      expect(blockedRunMessage(removedKey, E, failed)).not.toMatch(/Nothing was failed/);
  });

  it('files refused for credentials come back with the same command (credentials are read afresh)', () => {
    expect(blockedRunMessage(expired, E, [expired])).toMatch(
      /\. The same command, run again once it is fixed, sends the 1 file refused for it again\.$/,
    );
  });

  it('files failed on a missing bucket need retry-failures first', () => {
    expect(blockedRunMessage(bucketGone, E, [bucketGone, bucketGone])).toMatch(
      /\. Once it is fixed, `depot retry-failures` puts the 2 files refused for it back in line; then run the same command again\.$/,
    );
  });

  it('failures of other causes are told apart', () => {
    expect(blockedRunMessage(removedKey, E, [removedKey, conflict])).toMatch(
      /sends the 1 file refused for it again\. The other 1 file listed FAILED above failed for its own cause\.$/,
    );
    expect(blockedRunMessage(removedKey, E, [conflict, conflict])).toMatch(
      /\. Run the same command again once it is fixed\. The other 2 files listed FAILED above failed for their own causes\.$/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { FailureCause } from '../../../shared/domain/FailureCause';
import { remedyOf } from '../../../shared/domain/FailureCause';
import type { FailureView } from '../../../shared/ipc/views';
import { causeDetail } from '../../../renderer/failures/causeDetail';
import { groupFailures } from '../../../renderer/failures/groupFailures';
import { translator } from '../../../renderer/i18n/translate';

let id = 0;
const failure = (relPath: string, cause: FailureCause): FailureView => ({
  unitId: String(++id),
  relPath,
  size: 1000,
  cause,
  remedy: remedyOf(cause),
});

describe('groupFailures', () => {
  const failures = [
    failure('b.wav', { kind: 'refused', status: 403, code: 'AccessDenied' }),
    failure('a.wav', { kind: 'refused', status: 403, code: 'AccessDenied' }),
    failure('c.wav', { kind: 'refused', status: 400, code: 'InvalidRequest' }),
    failure('d.wav', { kind: 'conflict', localSize: 10, remoteSize: 20 }),
    failure('e.wav', { kind: 'verification-failed', detail: 'etag' }),
    failure('f.wav', { kind: 'source-unreadable', detail: 'EIO' }),
    failure('g.wav', { kind: 'auth', status: 403, code: 'InvalidAccessKeyId' }),
  ];
  const grouped = groupFailures(failures);

  it('keeps definitive failures apart from what a retry can fix', () => {
    expect(grouped.retryable.map((g) => g.cause.kind).sort()).toEqual([
      'source-unreadable',
      'verification-failed',
    ]);
    expect(grouped.definitive.flatMap((g) => g.failures.map((f) => f.relPath)).sort()).toEqual([
      'a.wav',
      'b.wav',
      'c.wav',
      'd.wav',
    ]);
    expect(grouped.needsCredentials.map((g) => g.key)).toEqual(['auth']);
    expect(grouped.retryableCount).toBe(2);
  });

  it('puts refused credentials in one group whatever the code (one title, one fix)', () => {
    const two = groupFailures([
      failure('x.wav', { kind: 'auth', status: 403, code: 'InvalidAccessKeyId' }),
      failure('y.wav', { kind: 'auth', status: 403, code: 'SignatureDoesNotMatch' }),
    ]);
    expect(two.needsCredentials).toHaveLength(1);
    expect(two.needsCredentials[0]?.failures.map((f) => f.relPath)).toEqual(['x.wav', 'y.wav']);
  });

  it('groups server refusals by status and code, biggest group first, paths sorted', () => {
    expect(grouped.definitive.map((g) => g.key)).toEqual([
      'refused:403:AccessDenied',
      'conflict',
      'refused:400:InvalidRequest',
    ]);
    expect(grouped.definitive[0]?.failures.map((f) => f.relPath)).toEqual(['a.wav', 'b.wav']);
  });

  it('is empty for no failure', () => {
    const none = groupFailures([]);
    expect(none.retryable).toEqual([]);
    expect(none.definitive).toEqual([]);
    expect(none.retryableCount).toBe(0);
  });
});

describe('causeDetail', () => {
  it('shows both sizes of a conflict and the server answer of a refusal', () => {
    const fr = translator('fr');
    const en = translator('en');
    const conflict: FailureCause = { kind: 'conflict', localSize: 1_500, remoteSize: 2_000_000 };
    expect(causeDetail(conflict, fr, 'fr')?.replace(/\u00a0/g, ' ')).toBe(
      'ici 1,5 Ko, sur le serveur 2,0 Mo',
    );
    expect(causeDetail(conflict, en, 'en')?.replace(/\u00a0/g, ' ')).toBe(
      'here 1.5 kB, on the server 2.0 MB',
    );
    expect(causeDetail({ kind: 'refused', status: 403, code: 'AccessDenied' }, en, 'en')).toBe(
      'answer 403 AccessDenied',
    );
  });
});

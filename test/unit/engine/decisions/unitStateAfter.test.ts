import { describe, expect, it } from 'vitest';
import type { FailureCause } from '../../../../shared/domain/FailureCause';
import type { UnitState } from '../../../../shared/domain/UnitState';
import { unitStateAfter } from '../../../../shared/engine/unitStateAfter';

const failed = (cause: FailureCause) => ({ kind: 'failed' as const, cause });

describe("unitStateAfter: a unit's state when its deposit ends, and whether the plan stops", () => {
  it.each<[string, Parameters<typeof unitStateAfter>[0], UnitState, boolean]>([
    [
      'sent and verified',
      { kind: 'ok', value: { alreadyPresent: false } },
      { kind: 'done', alreadyPresent: false },
      false,
    ],
    [
      'already there',
      { kind: 'ok', value: { alreadyPresent: true } },
      { kind: 'done', alreadyPresent: true },
      false,
    ],
    [
      'a conflict fails the unit only',
      failed({ kind: 'conflict', localSize: 1, remoteSize: 2 }),
      { kind: 'failed', cause: { kind: 'conflict', localSize: 1, remoteSize: 2 } },
      false,
    ],
    [
      'a source gone fails the unit only',
      failed({ kind: 'source-missing' }),
      { kind: 'failed', cause: { kind: 'source-missing' } },
      false,
    ],
    [
      'a missing bucket stops the plan',
      failed({ kind: 'bucket-missing', bucket: 'b' }),
      { kind: 'failed', cause: { kind: 'bucket-missing', bucket: 'b' } },
      true,
    ],
    [
      'wrong keys stop the plan',
      failed({ kind: 'auth', status: 403, code: 'InvalidAccessKeyId' }),
      { kind: 'failed', cause: { kind: 'auth', status: 403, code: 'InvalidAccessKeyId' } },
      true,
    ],
  ])('%s', (_, outcome, state, blocks) => {
    expect(unitStateAfter(outcome)).toEqual({ state, blocksPlan: blocks });
  });
});

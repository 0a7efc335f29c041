import { describe, expect, it } from 'vitest';
import { mayHaveActed } from '../../../../shared/engine/mayHaveActed';
import type { Failure } from '../../../../shared/retry/Outcome';

describe('mayHaveActed: whether a failed write may have reached the server', () => {
  it.each<[string, Failure, boolean, boolean]>([
    ['reply lost after the whole body', { kind: 'unreachable', reason: 'timeout' }, true, true],
    ['reset after the whole body', { kind: 'unreachable', reason: 'connection-reset' }, true, true],
    ['stalled after the whole body', { kind: 'unreachable', reason: 'stall' }, true, true],
    ['network error after the body', { kind: 'unreachable', reason: 'network' }, true, true],
    ['reset mid-body', { kind: 'unreachable', reason: 'connection-reset' }, false, false],
    ['connection refused', { kind: 'unreachable', reason: 'connection-refused' }, true, false],
    ['name lookup failed', { kind: 'unreachable', reason: 'dns' }, true, false],
    ['no route', { kind: 'unreachable', reason: 'no-route' }, true, false],
    ['a refusal is an answer', { kind: 'refused', status: 503, code: 'SlowDown' }, true, false],
    ['aborted by us', { kind: 'aborted' }, true, false],
  ])('%s', (_, failure, bodySent, expected) => {
    expect(mayHaveActed(failure, bodySent)).toBe(expected);
  });
});

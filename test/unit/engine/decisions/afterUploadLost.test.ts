import { describe, expect, it } from 'vitest';
import { afterUploadLost, MAX_UPLOAD_RESTARTS } from '../../../../shared/engine/afterUploadLost';

describe('afterUploadLost: a dropped upload starts again, a bounded number of times', () => {
  it.each([
    [0, { kind: 'restart', restarts: 1 }],
    [1, { kind: 'restart', restarts: 2 }],
    [2, { kind: 'fail', cause: { kind: 'upload-vanished', restarts: MAX_UPLOAD_RESTARTS } }],
    [5, { kind: 'fail', cause: { kind: 'upload-vanished', restarts: MAX_UPLOAD_RESTARTS } }],
  ])('after %i restarts', (restarts, expected) => {
    expect(afterUploadLost(restarts)).toEqual(expected);
  });
});

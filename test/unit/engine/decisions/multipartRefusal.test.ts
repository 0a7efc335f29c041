import { describe, expect, it } from 'vitest';
import type { MultipartRefusal } from '../../../../shared/engine/multipartRefusal';
import { multipartRefusal } from '../../../../shared/engine/multipartRefusal';

describe('multipartRefusal: what a refused multipart step means for the upload', () => {
  it.each<[number, string | undefined, MultipartRefusal]>([
    [404, 'NoSuchUpload', 'upload-lost'],
    [404, undefined, 'upload-lost'],
    [400, 'NoSuchUpload', 'upload-lost'],
    [412, 'PreconditionFailed', 'conflict'],
    [400, 'InvalidPart', 'parts-rejected'],
    [400, 'InvalidPartOrder', 'parts-rejected'],
    [403, 'AccessDenied', 'refused'],
    [400, 'EntityTooSmall', 'refused'],
    [501, 'NotImplemented', 'refused'],
  ])('%i %s', (status, code, expected) => {
    expect(multipartRefusal(code === undefined ? { status } : { status, code })).toBe(expected);
  });
});

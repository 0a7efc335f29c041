import type { Refused } from '../retry/Outcome';

/**
 * What a refusal of a multipart step (ListParts, CompleteMultipartUpload) means for the upload:
 * - `upload-lost`: the upload is gone (completed by us before a reply was lost, or dropped by
 *   the server): the key says which;
 * - `conflict`: Complete's If-None-Match found an object at the key;
 * - `parts-rejected`: the server refuses our part list: the parts are sent again;
 * - `refused`: anything else, the unit's failure.
 */
export type MultipartRefusal = 'upload-lost' | 'conflict' | 'parts-rejected' | 'refused';

export const multipartRefusal = (failure: Pick<Refused, 'status' | 'code'>): MultipartRefusal => {
  if (failure.code === 'NoSuchUpload' || failure.status === 404) return 'upload-lost';
  if (failure.status === 412) return 'conflict';
  if (failure.code === 'InvalidPart' || failure.code === 'InvalidPartOrder')
    return 'parts-rejected';
  return 'refused';
};

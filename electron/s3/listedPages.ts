import type {
  ListMultipartUploadsCommandOutput,
  ListObjectsV2CommandOutput,
  ListPartsCommandOutput,
} from '@aws-sdk/client-s3';
import type {
  ListedObject,
  ListedPart,
  ListedUpload,
  UploadsMarker,
} from '../../shared/ports/ObjectStore';
import type { Page } from '../../shared/wire/PagedListing';

/*
 * One listing page as the SDK parsed it, as the port's page: entries without the fields that
 * identify them are passed over (a garbled entry is not an object), and the next marker only
 * while the server says the listing is truncated and gives one.
 */

export const partsPage = (out: ListPartsCommandOutput): Page<ListedPart, string> => {
  const items: ListedPart[] = [];
  for (const p of out.Parts ?? []) {
    if (p.PartNumber === undefined || p.ETag === undefined) continue;
    items.push({ partNumber: p.PartNumber, size: p.Size ?? 0, etag: p.ETag });
  }
  const more = out.IsTruncated === true && out.NextPartNumberMarker !== undefined;
  return { items, ...(more ? { next: out.NextPartNumberMarker } : {}) };
};

export const uploadsPage = (
  out: ListMultipartUploadsCommandOutput,
): Page<ListedUpload, UploadsMarker> => {
  const items: ListedUpload[] = [];
  for (const u of out.Uploads ?? []) {
    if (u.Key === undefined || u.UploadId === undefined) continue;
    items.push({
      key: u.Key,
      uploadId: u.UploadId,
      ...(u.Initiated === undefined ? {} : { initiated: u.Initiated.getTime() }),
    });
  }
  const next =
    out.IsTruncated === true && out.NextKeyMarker !== undefined
      ? { key: out.NextKeyMarker, uploadId: out.NextUploadIdMarker ?? '' }
      : undefined;
  return { items, ...(next === undefined ? {} : { next }) };
};

export const objectsPage = (out: ListObjectsV2CommandOutput): Page<ListedObject, string> => {
  const items: ListedObject[] = [];
  for (const o of out.Contents ?? []) {
    if (o.Key === undefined) continue;
    items.push({ key: o.Key, size: o.Size ?? 0, etag: o.ETag ?? '' });
  }
  const more = out.IsTruncated === true && out.NextContinuationToken !== undefined;
  return { items, ...(more ? { next: out.NextContinuationToken } : {}) };
};

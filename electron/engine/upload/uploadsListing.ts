import type { ListedUpload, UploadsMarker } from '../../../shared/ports/ObjectStore';
import { PagedListing } from '../../../shared/wire/PagedListing';

/**
 * A listing of open multipart uploads (ListMultipartUploads), one page per call: an upload is its
 * key and its id together (a key may have several open), and so is a page's cursor.
 */
export const uploadsListing = (): PagedListing<ListedUpload, UploadsMarker> =>
  new PagedListing<ListedUpload, UploadsMarker>(
    (up) => `${up.key}\n${up.uploadId}`,
    (marker) => `${marker.key}\n${marker.uploadId}`,
  );

import { createHash } from 'node:crypto';
import type { ConditionalWrites } from '../../shared/ipc/views';
import type { EmissionOptions, ObjectStore } from '../../shared/ports/ObjectStore';
import type { Outcome } from '../../shared/retry/Outcome';
import { objectKey } from '../../shared/field/objectKey';
import { DEPOT_FOLDER } from '../../shared/wire/nightManifestKey';

/** The one object the test leaves, in Depot's own folder of the night's prefix. */
export const CONDITIONAL_MARKER = 'conditional-check';

/** An ETag no object has: a Complete `If-Match` it must be refused by a server that honours it. */
const NO_SUCH_ETAG = '"00000000000000000000000000000000"';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const md5Base64 = (body: Uint8Array): string => createHash('md5').update(body).digest('base64');

/** The server's answer as a verdict: kept out (412, or 404 for If-Match on no object), let in, or not known. */
const heldOff = (o: Outcome<unknown>): boolean | null => {
  if (o.kind === 'success') return false;
  if (o.kind === 'refused' && (o.status === 412 || o.status === 404)) return true;
  return null;
};

/**
 * What the server honours of S3's conditional writes (issue 30 item 3): `If-None-Match: *` on
 * PutObject (which the placeholder before a multipart Complete relies on) and `If-Match` on
 * CompleteMultipartUpload (which closes the last window, ADR 0028). Proving either takes an object
 * at a key, and a folder key may not delete: the test writes (and leaves) one empty marker,
 * `PREFIX.depot/conditional-check`, the same on every test, never anything else. Each emission is
 * one request, no retry: the verdict is about now; an answer that is neither leaves it unknown.
 */
export const learnConditionalWrites = async (
  store: ObjectStore,
  prefix: string,
  options: () => EmissionOptions,
): Promise<ConditionalWrites> => {
  const key = objectKey(prefix, `${DEPOT_FOLDER}/${CONDITIONAL_MARKER}`);
  const marker = `${store.target.bucket}/${key}`;
  const empty = new Uint8Array();
  const putMarker = () =>
    store.putObject(
      {
        key,
        body: { kind: 'bytes', bytes: empty },
        md5Base64: md5Base64(empty),
        metadata: {},
        ifNoneMatch: true,
      },
      options(),
    );
  // The marker exists after the first test: a 412 now is the answer. Created now (or let over an
  // earlier one), the same write again tells.
  const first = await putMarker();
  const putIfNoneMatch = first.kind === 'success' ? heldOff(await putMarker()) : heldOff(first);
  if (putIfNoneMatch === null) return { putIfNoneMatch, completeIfMatch: null, marker };

  const created = await store.createMultipartUpload({ key, metadata: {} }, options());
  if (created.kind !== 'success') return { putIfNoneMatch, completeIfMatch: null, marker };
  const { uploadId } = created.value;
  const body = bytes('depot');
  const part = await store.uploadPart(
    {
      key,
      uploadId,
      partNumber: 1,
      body: { kind: 'bytes', bytes: body },
      md5Base64: md5Base64(body),
    },
    options(),
  );
  const completed =
    part.kind === 'success'
      ? await store.completeMultipartUpload(
          {
            key,
            uploadId,
            parts: [{ partNumber: 1, etag: part.value.etag }],
            ifNoneMatch: false,
            ifMatch: NO_SUCH_ETAG,
          },
          options(),
        )
      : part;
  // Refused or never sent: the upload is closed, nothing of it stays open.
  if (completed.kind !== 'success') await store.abortMultipartUpload({ key, uploadId }, options());
  return {
    putIfNoneMatch,
    completeIfMatch: part.kind === 'success' ? heldOff(completed) : null,
    marker,
  };
};

/**
 * What a night's plan says of one of its files at its current target (issue 31): whether this
 * night put bytes of it on the wire there (a part sent or acknowledged), the ETag Depot's own
 * upload gives it, its open upload.
 */
export type UnitEvidence = {
  readonly key: string;
  /** Left out by the volunteer: the server's object at its key was kept (never the night's). */
  readonly keptServerObject: boolean;
  /** A part of it went on the wire from this night (sent bytes counted, or acknowledged). */
  readonly sent: boolean;
  /** The ETag Depot's upload of this file gives (bare); null while it is not hashed. */
  readonly expectedEtag: string | null;
  /** Its multipart upload, when the plan holds one open. */
  readonly uploadId: string | null;
  /** A CreateMultipartUpload went out whose reply may have been lost (its id unknown). */
  readonly createStarted: boolean;
  /** Verified on the server: its upload completed (and the run's end swept any other). */
  readonly done: boolean;
};

/** One thing a night may take back: an object with the ETag it must still have, an upload. */
export type OwnObject =
  | { readonly kind: 'object'; readonly key: string; readonly etag: string }
  | { readonly kind: 'upload'; readonly key: string; readonly uploadId: string }
  /** Uploads at this key whose id the plan never heard (a lost reply to Create). */
  | { readonly kind: 'uploads-at'; readonly key: string };

/**
 * Which objects a night may remove, from its plan alone: only files whose bytes this night sent,
 * each with the ETag they give (the server's object is deleted only while it still has it), and
 * the uploads it opened. A file found already there (another night, another tool) or whose
 * server object the volunteer kept is never one of them, whatever the listing says.
 */
export const ownObjects = (units: Iterable<UnitEvidence>): OwnObject[] => {
  const own: OwnObject[] = [];
  for (const u of units) {
    if (u.keptServerObject) continue;
    if (u.sent && u.expectedEtag !== null && u.expectedEtag !== '')
      own.push({ kind: 'object', key: u.key, etag: u.expectedEtag });
    if (u.uploadId !== null) own.push({ kind: 'upload', key: u.key, uploadId: u.uploadId });
    else if (u.createStarted && !u.done) own.push({ kind: 'uploads-at', key: u.key });
  }
  return own;
};

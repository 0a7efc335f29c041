import type { NewParticipation, Participation } from '../portal/Participation';
import type { Outcome } from '../retry/Outcome';
import type { Body, EmissionOptions, ObjectRead } from './ObjectStore';
import type { Page } from '../wire/PagedListing';

/**
 * A programme's portal as the deposit engine will see it, beside the object store: the portal
 * decides each file's key and hands out signed URLs, so Depot declares a file, PUTs its bytes to
 * the URL it was given, and confirms. One port, one adapter per portal (Vigie-Chiro now; Arbimon's
 * ingest API would be another, ADR 0029). As with ObjectStore, every method makes exactly ONE
 * emission (a listing is read one page per call) and classifies what it received
 * into an Outcome: retrying is the retry policy's job, never the adapter's. Answers that are
 * answers (a file already done, an analysis already planned, a file not yet readable) are success
 * values the caller tells apart by `kind`; every other refusal is `refused` with its status, a
 * `code` the adapter derived from the API's own error, and the API's words in `detail`.
 */

/** Which portal, at which address: part of what a night created through it owns. */
export type PortalTarget = {
  readonly kind: 'vigiechiro';
  /** The API's base URL (scheme, host, port and any path prefix). */
  readonly api: string;
};

/** What the portal answered when it said "already": kept as evidence, never re-read to decide. */
export type PortalAnswer = {
  readonly status: number;
  /** The API's own words (Vigie-Chiro's `_errors`, as JSON text). */
  readonly detail?: string;
};

/** Where one declared file's bytes go: a URL the portal signed, used exactly as given. */
export type UploadTarget = {
  readonly url: string;
  /**
   * Headers the signature covers, to send exactly (Vigie-Chiro: `content-type`, the MIME type the
   * portal derived from the name). Nothing else the signature would cover may be added: no
   * Content-MD5 (the portal signs it empty), so the answer's ETag is the only proof of the bytes.
   */
  readonly headers: Readonly<Record<string, string>>;
  /** `scheme://host:port` of the URL: the storage has its own budget and breaker. */
  readonly endpoint: string;
  /** Epoch ms after which the storage refuses the URL, when the URL says (SigV2 `Expires`). */
  readonly expiresAt?: number;
};

/**
 * A PUT's body: the bytes in memory (a small file, read once when it was hashed), or read from the
 * source file slice by slice as they go on the wire. A portal file is one PUT of up to 5 GB
 * (multipart is retired on Vigie-Chiro), so holding it whole would break the engine's memory
 * bound (concurrency x part size, ADR 0010). `open` is called afresh for every attempt: a stream
 * is never replayed.
 */
export type PortalBody =
  | Body
  | {
      readonly kind: 'source';
      readonly size: number;
      open(): Promise<SourceSlices>;
    };

/** An open source file, read by position (the engine's `SourceFile` fits it). */
export type SourceSlices = {
  /** Up to `length` bytes at `position` into `buffer` from `offset`; 0 at the file's end. */
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<number>;
  close(): Promise<void>;
};

/** One file to declare, with what any portal may ask for it. */
export type PortalFileInput = {
  /** The portal's container for the night: Vigie-Chiro's participation, Arbimon's stream. */
  readonly collectionId: string;
  /** The name the portal will know the file by (its pattern is the programme's rule). */
  readonly name: string;
  readonly size: number;
  /** Hex MD5 of the bytes: what the PUT's ETag is compared with. */
  readonly md5Hex: string;
  /** Hex SHA-1, for a portal that deduplicates by it (Arbimon). */
  readonly sha1Hex?: string;
  /** Epoch ms the recording started, for a portal that asks (Arbimon). */
  readonly recordedAt?: number;
};

export type Declared =
  /** A URL to PUT to; `fileId` is what the unit persists to confirm (or cancel) later. */
  | { readonly kind: 'declared'; readonly fileId: string; readonly upload: UploadTarget }
  /**
   * The portal already holds this name as finished (Vigie-Chiro: 409 "upload is already done"):
   * not proof of the bytes; the caller decides what it accepts as proof.
   */
  | { readonly kind: 'already-done'; readonly answer: PortalAnswer };

export type Confirmed =
  | { readonly kind: 'confirmed' }
  /** Confirmed before (a reply lost, a second run): Vigie-Chiro's 409 on finalize. */
  | { readonly kind: 'already-done'; readonly answer: PortalAnswer }
  /** Accepted, not finished yet: ask again later (a portal that processes before it says done). */
  | { readonly kind: 'pending' };

/** One file the portal holds for a collection. */
export type PortalFile = {
  readonly fileId: string;
  readonly name: string;
  /** Finalized on the portal (Vigie-Chiro's `disponible`). */
  readonly available: boolean;
};

export type ReadTarget =
  | { readonly kind: 'readable'; readonly url: string; readonly endpoint: string }
  /** The portal does not serve it yet (Vigie-Chiro: 410 until finalized): an answer. */
  | { readonly kind: 'not-available' };

export type ProcessingStarted =
  | { readonly kind: 'started' }
  /** Already planned or running (Vigie-Chiro: 400 `{etat: 'Already ...'}`): it will run. */
  | { readonly kind: 'already-planned'; readonly answer: PortalAnswer };

export type Portal = {
  /** The API's endpoint identity for its budget and breaker (`scheme://host:port`). */
  readonly endpoint: string;
  readonly target: PortalTarget;
  /** One cheap request to the API: success, or how it failed (the breaker's probe). */
  probe(options: EmissionOptions): Promise<Outcome<void>>;
  /** Whether this machine has a route to the API now, found without sending anything. */
  checkRoute(): Promise<Outcome<void>>;
  /** Declares a file; a lost reply is settled by declaring again (ADR 0029). */
  declare(input: PortalFileInput, options: EmissionOptions): Promise<Outcome<Declared>>;
  /**
   * PUTs the bytes to the URL `declare` gave, with its headers exactly. The ETag is the storage's
   * MD5 of what it stored (a single PUT), returned for the caller to compare with its own.
   */
  putBytes(
    input: { readonly upload: UploadTarget; readonly body: PortalBody },
    options: EmissionOptions,
  ): Promise<Outcome<{ readonly etag: string }>>;
  /** Tells the portal the bytes are there (Vigie-Chiro's finalize; it never checks them). */
  confirm(
    input: { readonly fileId: string },
    options: EmissionOptions,
  ): Promise<Outcome<Confirmed>>;
  /**
   * One page of a collection's files (from page 1); `next` is the page after it, none on the
   * last. The caller pages it through the policy (`PagedListing`), one page per call.
   */
  listFilesPage(
    input: { readonly collectionId: string; readonly page?: number | undefined },
    options: EmissionOptions,
  ): Promise<Outcome<Page<PortalFile, number>>>;
  /** A signed URL to read a file back (`--read-back`). */
  readTarget(
    input: { readonly fileId: string },
    options: EmissionOptions,
  ): Promise<Outcome<ReadTarget>>;
  /** The bytes behind a read URL, `absent` on 404, `too-large` (unread) past `maxBytes`. */
  readBytes(
    input: { readonly url: string; readonly maxBytes: number },
    options: EmissionOptions,
  ): Promise<Outcome<ObjectRead>>;
  /** Starts the programme's processing of a collection, once the night is in. */
  startProcessing(
    input: { readonly collectionId: string },
    options: EmissionOptions,
  ): Promise<Outcome<ProcessingStarted>>;
  /** Withdraws a declared, unfinished file (Vigie-Chiro's DELETE). */
  cancel(input: { readonly fileId: string }, options: EmissionOptions): Promise<Outcome<void>>;
};

/**
 * The participations of the volunteer's sites (Vigie-Chiro's), which the app and the command line
 * list and create before a night is planned; not the engine's night steps, so beside the port.
 */
export type PortalParticipations = {
  readonly endpoint: string;
  /** One page of a site's participations, or of the volunteer's own when no site is given. */
  listParticipationsPage(
    input: { readonly siteId?: string; readonly page?: number | undefined },
    options: EmissionOptions,
  ): Promise<Outcome<Page<Participation, number>>>;
  /** Not replay-safe: each create makes another (`portalCallRules`). */
  createParticipation(
    input: NewParticipation,
    options: EmissionOptions,
  ): Promise<Outcome<Participation>>;
};

import type { CertificateProblem } from '../../retry/Outcome';
import type { LocalizedText, PreflightIssueView } from './folderViews';

export type Locale = 'fr' | 'en';

/** A value a programme's profile asks the volunteer for, with its label in both languages. */
export type ProgrammeFieldView = {
  readonly name: string;
  readonly label: LocalizedText;
  /** The regular expression the whole value must match. */
  readonly pattern: string;
  readonly example: string | null;
};

/**
 * The programme profile in use: what it fixes (shown, not editable) and what it asks. Nights
 * created while it is in use are named by it; nights created before keep their own names.
 */
export type ProgrammeView = {
  readonly name: string;
  readonly version: number;
  /** SHA-256 of the file as imported: each night records it. */
  readonly sha256: string;
  readonly destination:
    | {
        readonly kind: 's3';
        readonly endpoint: string;
        readonly region: string;
        readonly bucket: string;
        readonly pathStyle: boolean;
      }
    /** The programme's portal (ADR 0032): the volunteer signs in there, no key. */
    | { readonly kind: 'vigiechiro'; readonly api: string; readonly signIn: string };
  readonly prefixTemplate: string;
  readonly nameTemplate: string | null;
  readonly namePattern: string | null;
  readonly otherFiles: 'deposit' | 'skip';
  readonly fields: readonly ProgrammeFieldView[];
  readonly timeZone: string | null;
  /** The values given last, to fill the fields with again. */
  readonly lastFields: Readonly<Record<string, string>>;
};

/** The names a programme gives a folder's files, before anything is planned. */
export type NamesPreview =
  | { readonly kind: 'no-programme' }
  /** A field is missing or does not match its pattern: no name can be made yet. */
  | { readonly kind: 'fields-incomplete' }
  | {
      readonly kind: 'named';
      readonly programme: string;
      /** A few files and the key each will take (prefix and name). */
      readonly examples: readonly { readonly relPath: string; readonly key: string }[];
      /** Files named, of those to deposit. */
      readonly named: number;
      readonly total: number;
      /** Names that cannot be used (each blocks its file), as the pre-flight's problems. */
      readonly issues: readonly PreflightIssueView[];
    };

export type SettingsView = {
  readonly endpoint: string;
  readonly region: string;
  readonly bucket: string;
  readonly prefixTemplate: string;
  readonly pathStyle: boolean;
  readonly concurrency: number;
  /** Bytes per second; null means no cap. */
  readonly bwlimitBytesPerSec: number | null;
  /** Keep depositing when the window is closed (tray); otherwise a clean, resumable stop. */
  readonly keepRunningInBackground: boolean;
  readonly locale: Locale;
  /** Write-only credentials: the interface only learns whether they are set. */
  readonly credentials: 'set' | 'not-set';
  /** The programme profile in use: it fixes endpoint, region, addressing, bucket and prefix. */
  readonly programme: ProgrammeView | null;
};

export type ConnectionVerdict = {
  readonly reachable: boolean;
  /** null when not reached far enough to know. */
  readonly credentialsAccepted: boolean | null;
  readonly bucketExists: boolean | null;
  /** Writing in the night's folder (a multipart upload created and aborted there). */
  readonly bucketWritable: boolean | null;
  /** Listing the night's folder (false: a write-only key, which deposits without proof by reading). */
  readonly canList: boolean | null;
  /** What was tested: `bucket/prefix`, the fixed part of the night's prefix template (issue 29). */
  readonly folder: string;
  /** The server's answer when something failed (status and S3 code), never a message text. */
  readonly status?: number;
  readonly code?: string;
  /**
   * A configuration mistake found by the endpoint probe: nothing listens at the address (connection
   * refused), what answers is not an S3 server (a web page, a proxy), or its TLS certificate is
   * refused (untrusted, expired or not yet valid by this computer's clock, another host's name).
   */
  readonly problem?: 'nothing-listens' | 'not-s3' | 'clock' | `certificate-${CertificateProblem}`;
  /** With `clock`: server minus this computer, when the server told its time. */
  readonly skewMs?: number;
  /** Learned when the folder is writable (issue 30 item 3). */
  readonly conditionalWrites?: ConditionalWrites;
};

/**
 * What the server honours of S3's conditional writes, as the connection test found it (true: it
 * kept the write out; false: it let it in; null: no answer that tells).
 */
export type ConditionalWrites = {
  /** `If-None-Match: *` on PutObject: the placeholder that reserves a multipart file's key. */
  readonly putIfNoneMatch: boolean | null;
  /** `If-Match` on CompleteMultipartUpload: what closes the window before a Complete. */
  readonly completeIfMatch: boolean | null;
  /** The empty object the test writes to learn it, and leaves (`bucket/key`). */
  readonly marker: string;
};

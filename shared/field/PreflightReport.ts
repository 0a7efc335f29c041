import type { TimestampSource } from './FieldTimestamp';
import type { TimeZoneSource } from './placeTimestamp';
import type { ScanIssue } from './ScanResult';

/** What a file is, from its extension and its RIFF headers. Upper-case `.WAV` is a WAV. */
export type FileClass = 'valid' | 'empty' | 'header-only' | 'truncated' | 'not-wav' | 'companion';

export type ProblemClass =
  | Exclude<FileClass, 'valid'>
  /** Exact copy (same SHA-256) of another file of the night: deposited once. */
  | 'duplicate'
  /** Folder-level (relPath ''): the files span several noon-to-noon nights. */
  | 'several-nights'
  /** Folder-level: recordings from several recorders (by serial, else by make and model). */
  | 'several-recorders'
  /** A recording with no date anywhere (GUANO, AudioMoth comment, file name). */
  | 'no-timestamp'
  /**
   * Refused by the scanner: control characters, `..` segment, names that take the same key (equal
   * once NFC-normalized, or once `\` is read as `/`), a key in Depot's own `.depot/` folder.
   */
  | 'bad-name'
  /** Depot's own `.depot/` folder on the card (receipts of earlier deposits): never deposited. */
  | 'depot-folder'
  | 'unreadable'
  /** A symbolic link or special file: never followed, never deposited. */
  | 'not-a-regular-file'
  /** Not a recording, and the programme's profile takes recordings only (`otherFiles: skip`). */
  | 'not-for-programme'
  /** The programme's name for the file needs a value the file does not give (a timestamp...). */
  | 'name-missing-value'
  /** A value would add or escape a segment of the programme's name (`/`, `..`...). */
  | 'name-unsafe'
  /** The programme's name for the file does not match the profile's pattern. */
  | 'name-mismatch'
  /** Two files of the night would take the same programme name. */
  | 'name-taken'
  /** The programme's portal would refuse the file's name (its own rules, ADR 0032). */
  | 'portal-name-refused'
  /** Larger than the portal takes in its one PUT (5 GiB). */
  | 'portal-too-large';

/**
 * What Depot does with a problem file: deposit it anyway (only reported), skip it (not deposited,
 * nothing deleted on the card), or block the night until the volunteer decides (`--skip-invalid`
 * then skips the file; a folder-level block is lifted by depositing the files as they are).
 */
export type Decision = 'deposit-anyway' | 'skip' | 'block';

export type LocalizedText = { readonly fr: string; readonly en: string };

export type PreflightProblem = {
  /** '' for a problem of the folder as a whole (several nights, several recorders). */
  readonly relPath: string;
  readonly class: ProblemClass;
  readonly message: LocalizedText;
  readonly decision: Decision;
};

export type PreflightFile = {
  readonly relPath: string;
  readonly size: number;
  readonly class: FileClass;
  /** The noon-to-noon night (named after its evening, `YYYY-MM-DD`), when the file is dated. */
  readonly night?: string;
  /** Local time of the recording's start, ISO 8601, with its offset when known. */
  readonly recordedAt?: string;
  /** Epoch ms of the start, when the offset is known. */
  readonly recordedAtMs?: number;
  /** The start's milliseconds, when the recorder wrote a fraction of a second (GUANO); else 0. */
  readonly recordedMillis?: number;
  readonly timeSource?: TimestampSource;
  readonly zoneSource?: TimeZoneSource;
  /** Real duration in seconds (WAV duration divided by the time-expansion factor). */
  readonly durationSec?: number;
  readonly sampleRate?: number;
  readonly channels?: number;
  readonly bitsPerSample?: number;
  readonly serial?: string;
  /** The recorder's make and model (GUANO, or AudioMoth's comment) and where it stood (GUANO). */
  readonly make?: string;
  readonly model?: string;
  readonly position?: { readonly lat: number; readonly lon: number };
  /** Every GUANO field as written, unknown keys included. */
  readonly guano?: Readonly<Record<string, string>>;
  /** Set when this file is an extra copy of another one (not deposited). */
  readonly duplicateOf?: string;
  /** Only for files whose size collided with another's (the pre-flight hashes nothing else). */
  readonly sha256?: string;
};

export type PreflightNight = {
  readonly night: string;
  readonly files: number;
  readonly firstAt: string;
  readonly lastAt: string;
};

export type PreflightMetadata = {
  readonly make?: string;
  readonly model?: string;
  /** The most frequent serial; `serials` lists all of them. */
  readonly serial?: string;
  readonly serials: readonly string[];
  /** Each recorder seen (by serial, else make and model), as `recorderLabel` names it. */
  readonly recorders: readonly string[];
  readonly site?: string;
  readonly point?: string;
  readonly position?: { readonly lat: number; readonly lon: number };
  readonly sampleRates: readonly number[];
  readonly totalDurationSec: number;
};

export type PreflightReport = {
  readonly root: string;
  readonly totalFiles: number;
  readonly totalBytes: number;
  readonly counts: Readonly<Record<FileClass, number>>;
  readonly problems: readonly PreflightProblem[];
  readonly duplicates: readonly { readonly sha256: string; readonly relPaths: readonly string[] }[];
  readonly nights: readonly PreflightNight[];
  readonly timeZone: {
    /** IANA zone when the volunteer's was used, else the files' offset (`UTC+02:00`), else null. */
    readonly zone: string | null;
    /** The source most files were placed with; `sources` counts each. */
    readonly source: TimeZoneSource;
    readonly sources: Readonly<Record<TimeZoneSource, number>>;
    /** Offsets seen (`+02:00`, `Z`), most frequent first: two of them around a DST change. */
    readonly offsets: readonly string[];
    /** The IANA zone the volunteer gave, if any (one night may use it where the folder does not). */
    readonly given?: string;
  };
  readonly metadata: PreflightMetadata;
  readonly scan: {
    readonly skippedJunk: { readonly count: number; readonly paths: readonly string[] };
    readonly depotFolders: readonly string[];
    readonly refused: readonly ScanIssue[];
  };
  readonly files: readonly PreflightFile[];
};

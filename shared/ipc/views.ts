import type { FailureCause, Remedy } from '../domain/FailureCause';
import type { UnitActivity, UnitState } from '../domain/UnitState';
import type { CertificateProblem } from '../retry/Outcome';

/** What the interface sees of the backend: plain, serialisable, never a secret. */

export type PlanState =
  | 'planned'
  | 'running'
  | 'paused'
  | 'waiting-network'
  /** The card was pulled out of its reader: the night waits for it to be back. */
  | 'waiting-card'
  /** The server answers 503/429 in a storm (circuit open for the server): not the network. */
  | 'server-unavailable'
  | 'deferred'
  | 'done'
  | 'needs-attention'
  | 'stopped'
  /** Asked off the server ("Retirer ce dépôt du serveur"): its objects are being taken back. */
  | 'removing';

/**
 * What a night's last run found when it listed its folder (issue 30 item 1): files counted done
 * that the server no longer held (sent again), or, with a key that may not list, how many files
 * deposited earlier it could not check.
 */
export type NightCheck = {
  readonly listed: boolean;
  readonly returned: number;
  readonly unchecked: number;
};

export type PlanView = {
  readonly id: string;
  readonly dir: string;
  readonly endpoint: string;
  readonly bucket: string;
  readonly prefix: string;
  readonly site: string | null;
  readonly point: string | null;
  readonly night: string | null;
  readonly state: PlanState;
  readonly unitsTotal: number;
  readonly unitsDone: number;
  readonly unitsFailed: number;
  /** Deposited, and this key may not read it back to prove it (a write-only key, issue 29). */
  readonly unitsUnverifiable: number;
  /** What the last run of this app found when it listed the night; null before one. */
  readonly lastCheck: NightCheck | null;
  readonly bytesTotal: number;
  /** Bytes the server acknowledged (parts and objects confirmed), not bytes handed to a socket. */
  readonly bytesAcked: number;
  readonly throughputBytesPerSec: number;
  /** Seconds left at the current throughput; null when unknown (nothing measured yet, or paused). */
  readonly etaSeconds: number | null;
  readonly lastActivityAt: number | null;
  /** Earliest pending retry of this plan (epoch ms), for the status bar countdown. */
  readonly nextRetryAt: number | null;
  /** Earliest "not before" of a deferred unit (epoch ms). */
  readonly deferredUntil: number | null;
  /**
   * Why the night cannot go on before a fix (credentials refused, bucket missing at the start):
   * shown on the night and in Échecs, with where it is fixed. Null when nothing blocks it.
   */
  readonly blocker: FailureCause | null;
  readonly createdAt: number;
  /** When the manifest was written: the night is complete on the server. */
  readonly completedAt: number | null;
  /** Tidied away in this app (the server is untouched). */
  readonly archived: boolean;
  /** The recorder that made the files (model and serial as the files say), when known. */
  readonly recorder: string | null;
  /** The programme profile the night was created with, and the field values it was given. */
  readonly programme: {
    readonly name: string;
    readonly fields: Readonly<Record<string, string>>;
  } | null;
  /** Files settled by the volunteer and not deposited (the server's object kept at their key). */
  readonly unitsLeftOut: number;
  /** A run of it is going in this process (whatever it waits for). */
  readonly running: boolean;
  /** Its destination was corrected (issue 31): the line the night shows. */
  readonly correction: {
    readonly from: { readonly endpoint: string; readonly bucket: string; readonly prefix: string };
    readonly at: number;
    readonly by: 'settings' | 'volunteer';
  } | null;
  /** What it takes back from the server (a correction's old place, or all of it); null when nothing. */
  readonly removal: RemovalView | null;
  /**
   * The night's address is wrong, not the network (issue 31): nothing listens there (connection
   * refused by a host that answers), or what answers is not S3 (a web page). Found by one probe
   * of the night's own target while it waits or after it stopped; null when not found.
   */
  readonly addressProblem: AddressProblem | null;
  /**
   * A night deposited to a programme's portal (ADR 0032): the portal, the participation the night
   * keeps, and when the portal accepted "start the analysis" (null before); null for S3.
   */
  readonly portal: {
    /** Which programme's portal (its name is said on the night's end). */
    readonly kind: 'vigiechiro';
    readonly api: string;
    readonly participationId: string;
    readonly analysisAt: number | null;
  } | null;
};

export type AddressProblem =
  { readonly kind: 'nothing-listens' } | { readonly kind: 'not-s3'; readonly status: number };

/** Objects a night takes back from the server, counted (issue 31). */
export type RemovalView = {
  /** The whole night asked off the server (else: what it wrote before its destination moved). */
  readonly whole: boolean;
  /** Where the objects are: endpoint › bucket/prefix of the place they were written to. */
  readonly place: { readonly endpoint: string; readonly bucket: string; readonly prefix: string };
  readonly pending: number;
  readonly removed: number;
  /** Gone already when asked. */
  readonly absent: number;
  /** Another object had replaced the night's: left alone. */
  readonly notOurs: number;
  /** Refused by the server: the key may not delete (`s3:DeleteObject`). */
  readonly denied: number;
  readonly uploads: number;
};

/** The volunteer's sign-in to the programme's portal (ADR 0032); the token never leaves main. */
export type PortalView = {
  readonly api: string;
  /** The page the volunteer signs in on. */
  readonly signIn: string;
  readonly signedIn: boolean;
  /** This computer's wall clock (epoch ms) at the sign-in, and 14 days after (the token's end). */
  readonly signedInAt: number | null;
  readonly expiresAt: number | null;
};

/** How "Se connecter" ended: signed in, given up, or the page is for the volunteer to open. */
export type PortalSignInOutcome =
  | { readonly kind: 'signed-in'; readonly portal: PortalView }
  | { readonly kind: 'cancelled' }
  /** No window of Depot's own (the bridge): open `signIn`, then hand the address back. */
  | { readonly kind: 'unsupported'; readonly signIn: string };

/** A participation of the volunteer's (a site, a night, a point). */
export type ParticipationView = {
  readonly id: string;
  readonly siteId: string | null;
  /** Epoch ms. */
  readonly startsAt: number;
  readonly endsAt: number | null;
  readonly point: string | null;
  /** The analysis' state on the portal (`PLANIFIE`, `EN_COURS`, `FINI`...), when one was asked. */
  readonly processing: string | null;
};

/** What the portal holds of a night's participation now, read by a request made for this view. */
export type PortalNightView = {
  readonly api: string;
  readonly participationId: string;
  /** The night's files. */
  readonly expected: number;
  /** Files the participation holds, and those of them available (finalized). */
  readonly files: number;
  readonly available: number;
  /** The night's own files the participation holds as available. */
  readonly nightAvailable: number;
  readonly analysisAt: number | null;
};

export type UnitFilter = 'all' | 'active' | 'failed' | 'done' | 'pending';

export type UnitView = {
  readonly id: string;
  readonly relPath: string;
  readonly size: number;
  readonly state: UnitState;
  readonly activity: UnitActivity;
  readonly bytesAcked: number;
};

export type UnitPage = {
  readonly total: number;
  readonly offset: number;
  readonly units: readonly UnitView[];
};

export type FailureView = {
  readonly unitId: string;
  readonly relPath: string;
  readonly size: number;
  readonly cause: FailureCause;
  readonly remedy: Remedy;
};

export type RetryFailuresResult = { readonly requeued: number; readonly definitive: number };

/** What a night wrote at its destination, for a confirmation before it is taken back. */
export type OwnObjectsView = {
  readonly objects: number;
  readonly uploads: number;
  readonly place: { readonly endpoint: string; readonly bucket: string; readonly prefix: string };
};

/** Where a corrected night would go, and what it would take back (the confirmation's facts). */
export type CorrectionPreview = {
  readonly to: { readonly endpoint: string; readonly bucket: string; readonly prefix: string };
  readonly from: OwnObjectsView;
  /** A few files and the key each would take at the new place. */
  readonly examples: readonly { readonly relPath: string; readonly key: string }[];
  /** Nothing would change: the night already goes there. */
  readonly same: boolean;
};

/** What "Corriger la destination" did. */
export type CorrectionResult = {
  readonly plan: PlanView;
  /** Objects queued for removal at the old place (taken back before the night goes on). */
  readonly toRemove: number;
  readonly uploads: number;
};

/** Both sides of a conflict (issue 31), as the volunteer compares them before choosing. */
export type ConflictView = {
  readonly unitId: string;
  readonly relPath: string;
  readonly key: string;
  readonly local: {
    readonly size: number;
    /** The file's modification time (epoch ms). */
    readonly modifiedAt: number;
    readonly sha256: string | null;
    readonly md5: string | null;
  };
  /** The server's object at the key now; null when it is gone since (the file then simply goes). */
  readonly server: {
    readonly size: number;
    readonly modifiedAt: number | null;
    readonly etag: string;
    /** The SHA-256 its writer recorded in its metadata, when one did (information, not proof). */
    readonly sha256: string | null;
  } | null;
  /** Proved by the server's ETag: same bytes, other bytes, or not provable (another layout). */
  readonly content: 'same' | 'different' | 'unproven';
  /** The free name the file would take, checked on the server; null when the rule finds none. */
  readonly freeKey: string | null;
  readonly rule: 'before-extension' | 'before-underscore' | 'none';
};

export type SettleResult = { readonly kind: 'kept' | 'renamed' | 'requeued'; readonly key: string };

/**
 * Whether the card can be cleared (issue 31): every recording on it, of every night and every
 * file (those the analysis left out included), verified on the server; otherwise what is left
 * and where.
 */
export type CardVerdictView =
  | { readonly kind: 'reusable'; readonly recordings: number }
  /** The card's folder cannot be read now (pulled out): nothing can be said of what is on it. */
  | { readonly kind: 'card-away'; readonly dir: string }
  | {
      readonly kind: 'not-yet';
      readonly recordings: number;
      readonly verified: number;
      readonly left: readonly CardLeftView[];
    };

export type CardLeftView =
  /** Recordings of nights of the card not deposited at all. */
  | { readonly kind: 'night-not-deposited'; readonly night: string | null; readonly files: number }
  /** Recordings of a deposit not verified yet (to send, failed, left out by a settlement). */
  | {
      readonly kind: 'not-verified';
      readonly planId: string;
      readonly night: string | null;
      readonly destination: {
        readonly endpoint: string;
        readonly bucket: string;
        readonly prefix: string;
      };
      readonly files: number;
      readonly examples: readonly string[];
    }
  /** Recordings no deposit holds (left out by the analysis: truncated, empty...): only on the card. */
  | { readonly kind: 'only-on-card'; readonly files: number; readonly examples: readonly string[] };

/** A night that already holds files of an analysed folder (one card, one deposit, issue 31). */
export type CardDepositView = {
  readonly planId: string;
  readonly night: string | null;
  readonly destination: {
    readonly endpoint: string;
    readonly bucket: string;
    readonly prefix: string;
  };
  readonly state: PlanState;
  readonly createdAt: number;
  readonly completedAt: number | null;
  /** Files of the folder it holds. */
  readonly files: number;
  readonly site: string | null;
  readonly point: string | null;
  readonly fields: Readonly<Record<string, string>> | null;
};

/** A night removed from this Depot's database (the server was not asked). */
export type ForgetResult = { readonly forgotten: string };

/**
 * Where one night of an analysed folder would go: the endpoint, bucket and the prefix template
 * expanded with the values known so far (`prefix` null when a placeholder has no value yet).
 */
export type DestinationPreview = {
  readonly night: string;
  readonly endpoint: string;
  readonly bucket: string;
  readonly prefix: string | null;
  /** The template from Settings, shown as is while a placeholder has no value. */
  readonly template: string;
};

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

export type CountersView = {
  readonly firstAttempts: number;
  readonly retriesGranted: number;
  readonly retriesRefused: Readonly<Record<string, number>>;
  readonly circuit: 'closed' | 'open-offline' | 'open-server' | 'half-open';
  readonly extra: Readonly<Record<string, number>>;
};

export type JournalEntryView = {
  readonly at: number;
  readonly operation: string;
  readonly outcome: string;
  readonly attempt: number | null;
  readonly delayMs: number | null;
  /** The night (plan) the line is about, when it is about one; the screen words it. */
  readonly planId: number | null;
};

export type DiagnosticsExport = { readonly fileName: string; readonly json: string };

export type LocalizedText = { readonly fr: string; readonly en: string };

export type PreflightIssueView = {
  readonly relPath: string;
  readonly kind: string;
  readonly message: LocalizedText;
  readonly decision: 'deposit-anyway' | 'skip' | 'block';
};

export type PreflightView = {
  readonly dir: string;
  readonly files: number;
  readonly totalBytes: number;
  readonly skippedJunk: number;
  readonly issues: readonly PreflightIssueView[];
  readonly blocking: number;
  readonly nights: readonly { readonly night: string; readonly files: number }[];
  readonly suggested: {
    readonly site: string | null;
    readonly point: string | null;
    readonly night: string | null;
  };
  readonly timeZone: string | null;
  /** Make, model and serial as the files say (`Wildlife Acoustics SM4BAT-FS · S4U12345`). */
  readonly recorder?: string | null;
  /** Every recorder of the folder, named so, most frequent first, when there are several. */
  readonly recorders?: readonly string[];
  /** First and last recording of the folder, local wall time as recorded (`2026-06-12T21:00`). */
  readonly span?: { readonly first: string; readonly last: string } | null;
  /** Nights already depositing (or deposited) files of this folder: said before a second one. */
  readonly deposits?: readonly CardDepositView[];
};

/** A file of a folder that changed since its night was planned. */
export type SourceChangeView = {
  readonly night: string;
  readonly relPath: string;
  readonly change: 'added' | 'removed' | 'size' | 'mtime';
  /** A removed file whose copy is on the server (it was verified there). */
  readonly onServer?: boolean;
};

/** What asking to deposit a folder did. */
export type CreateOutcome =
  /** Planned (or resumed, or updated) and started: one plan per night deposited. */
  | { readonly kind: 'started'; readonly plans: readonly PlanView[] }
  /** Nothing started: the folder changed since it was planned; ask again with `update` to deposit the changes. */
  | { readonly kind: 'changed'; readonly changes: readonly SourceChangeView[] }
  /** Nothing started: the prefix template would put several nights under one prefix. */
  | { readonly kind: 'nights-share-prefix'; readonly template: string };

export type ChosenFolder =
  | { readonly kind: 'chosen'; readonly path: string }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'unsupported' };

export type AppInfo = {
  readonly version: string;
  readonly mode: 'electron' | 'bridge';
  /** System sleep held off while a night deposits (Electron only). */
  readonly keepingAwake?: boolean;
};

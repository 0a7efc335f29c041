import type { FailureCause, Remedy } from '../../domain/FailureCause';
import type { UnitActivity, UnitState } from '../../domain/UnitState';

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

import type { PlanState, PlanView } from './planViews';

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

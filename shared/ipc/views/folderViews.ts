import type { PlanView } from './planViews';
import type { CardDepositView } from './waysBackViews';

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

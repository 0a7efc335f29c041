/** What the scanner found in a folder. Plain data: the engine plans from it, the UI shows it. */

export type ScannedFile = {
  /** Path relative to the scanned folder, `/` separators, Unicode NFC: the object key's tail. */
  readonly relPath: string;
  /** Absolute path with the names exactly as on disk (may be NFD): what to open. */
  readonly absPath: string;
  readonly size: number;
  readonly mtimeMs: number;
};

export type ScanIssueReason =
  | 'control-characters'
  | 'dot-dot-segment'
  | 'unreadable'
  | 'not-a-regular-file'
  /** Two names on disk that become the same key once normalized to NFC (e.g. NFD and NFC `é`). */
  | 'key-collision';

/** A path the scanner refused to plan; `message` is plain English for logs and the CLI. */
export type ScanIssue = {
  readonly relPath: string;
  readonly reason: ScanIssueReason;
  readonly message: string;
};

export type ScanResult = {
  readonly root: string;
  /** Sorted by relPath (UTF-16 code unit order, locale independent). */
  readonly files: readonly ScannedFile[];
  /** System junk (`.DS_Store`, `._*`, `.Trashes/`...): never deposited. Folders end with `/`. */
  readonly skippedJunk: { readonly count: number; readonly paths: readonly string[] };
  readonly refused: readonly ScanIssue[];
};

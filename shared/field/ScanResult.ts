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
  /**
   * Two names on disk that take the same key: equal once normalized to NFC (NFD and NFC `é`), or
   * once `\` is read as `/` (`a\b.wav` and `a/b.wav`, both legal on Linux and macOS; issue 30).
   */
  | 'key-collision'
  /** A name whose key falls in Depot's own `.depot/` folder, or that maps to no key at all. */
  | 'reserved-key';

/** A path the scanner refused to plan; `message` is plain English for logs and the CLI. */
export type ScanIssue = {
  readonly relPath: string;
  readonly reason: ScanIssueReason;
  readonly message: string;
  /** For a key collision: the other names on disk that take the same key. */
  readonly sameKeyAs?: readonly string[];
};

export type ScanResult = {
  readonly root: string;
  /** Sorted by relPath (UTF-16 code unit order, locale independent). */
  readonly files: readonly ScannedFile[];
  /** System junk (`.DS_Store`, `._*`, `.Trashes/`...): never deposited. Folders end with `/`. */
  readonly skippedJunk: { readonly count: number; readonly paths: readonly string[] };
  /**
   * Depot's own folders found on the card (`.depot/`, ending with `/`): a volunteer keeps a night's
   * manifest there as a receipt, and its key is the manifest's own. Never walked, never deposited
   * (issue 30).
   */
  readonly depotFolders: readonly string[];
  readonly refused: readonly ScanIssue[];
};

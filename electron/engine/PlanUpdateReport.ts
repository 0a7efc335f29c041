/** What bringing a plan up to its changed folder did, file by file (relative paths). */
export type PlanUpdateReport = {
  /** Changed since planning: hashed again and queued again from their first byte. */
  readonly changed: readonly string[];
  /** Failed as changed or missing while depositing, now as planned: queued again. */
  readonly retried: readonly string[];
  /**
   * Among `changed`, those already verified on the server: the server keeps the earlier bytes,
   * which are never overwritten, so they will end as conflicts (named, for the volunteer).
   */
  readonly changedAfterVerified: readonly string[];
  /** Gone from the folder: out of the plan; their objects, if any, stay on the server. */
  readonly removed: readonly string[];
  /** New in the folder: in the plan now. */
  readonly added: readonly string[];
  /** Open uploads of the old bytes aborted. */
  readonly abortedUploads: number;
};

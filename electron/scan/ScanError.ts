/** A problem with the scanned folder itself (not with one file inside it). */
export class ScanError extends Error {
  constructor(
    readonly code: 'missing' | 'not-a-directory' | 'unreadable',
    message: string,
    /** The folder in question, for a message in the volunteer's language. */
    readonly dir = '',
  ) {
    super(message);
    this.name = 'ScanError';
  }
}

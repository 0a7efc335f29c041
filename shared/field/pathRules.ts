/**
 * Rules for names found on a card, shared by the scanner (refusal) and object keys (defence).
 * Pure: no node:, so the interface can explain a refusal with the same words.
 */

// C0, DEL and C1 controls: invisible in listings and in S3 consoles, and some tools split on them.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const hasControlCharacters = (name: string): boolean => CONTROL.test(name);

/** True when a name or path contains a `..` segment (either separator: a card may come from Windows). */
export const hasDotDotSegment = (path: string): boolean =>
  path.split(/[/\\]/).some((segment) => segment === '..');

/** Shows control characters as `\xNN` so a message can name the file without breaking the terminal. */
export const printableName = (name: string): string =>
  name.replace(
    // eslint-disable-next-line no-control-regex -- see CONTROL
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );

const JUNK_FILES = new Set(['.ds_store', 'thumbs.db', 'desktop.ini', 'ehthumbs.db']);
const JUNK_DIRS = new Set([
  'system volume information',
  '.trashes',
  '.spotlight-v100',
  '.fseventsd',
  '$recycle.bin',
  '.temporaryitems',
  '.documentrevisions-v100',
]);

/** System files operating systems leave on removable media: never deposited, only counted. */
export const isJunkFile = (name: string): boolean =>
  name.startsWith('._') || JUNK_FILES.has(name.toLowerCase());

/** System folders (skipped whole, not walked). `.Trash-1000` is the Linux desktops' trash on a card. */
export const isJunkDirectory = (name: string): boolean =>
  JUNK_DIRS.has(name.toLowerCase()) || /^\.trash-\d+$/i.test(name);

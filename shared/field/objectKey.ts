import { hasControlCharacters, hasDotDotSegment, printableName } from './pathRules';

const clean = (path: string): string =>
  path
    .normalize('NFC')
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');

/**
 * What a relative path becomes in a key: NFC, `\` read as `/` (a card may come from Windows), no
 * empty or `.` segments. Two names on disk may become the same tail (`a\b.wav` and `a/b.wav`):
 * the scanner refuses both before anything is planned. May be '' (a name made of `\` and `.`).
 */
export const keyTail = (relPath: string): string => clean(relPath);

/**
 * The object key of a file: `<prefix>/<relPath>`, Unicode NFC, `/` separators, no empty or `.`
 * segments, no double slashes; `prefix` may be '' (the key is then the relative path).
 * Throws a RangeError on a control character or a `..` segment: the scanner refuses such names
 * first, so this only fires on a bad prefix, and nothing is ever uploaded under a surprising key.
 */
export const objectKey = (prefix: string, relPath: string): string => {
  const key = [clean(prefix), clean(relPath)].filter((part) => part !== '').join('/');
  if (key === '') throw new RangeError('objectKey: empty key (no prefix and no relative path)');
  if (hasControlCharacters(key))
    throw new RangeError(`objectKey: control character in "${printableName(key)}"`);
  if (hasDotDotSegment(key)) throw new RangeError(`objectKey: ".." segment in "${key}"`);
  return key;
};

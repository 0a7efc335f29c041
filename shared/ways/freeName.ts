/**
 * The night's rule for a free name (issue 31), shown to the volunteer before they choose it: the
 * file's name with `-2`, `-3`... put before its extension, or, where a programme's pattern refuses
 * that, before the first `_` (from the right) where the pattern accepts it; the first such name
 * nothing holds.
 */

/** Where the suffix goes in a name's last segment: before the extension, then before each `_`. */
const positions = (name: string): number[] => {
  const slash = name.lastIndexOf('/') + 1;
  const segment = name.slice(slash);
  const dot = segment.lastIndexOf('.');
  const end = slash + (dot > 0 ? dot : segment.length);
  const at = [end];
  for (let i = end - 1; i > slash; i -= 1) if (name[i] === '_') at.push(i);
  return at;
};

const withSuffix = (name: string, at: number, n: number): string =>
  `${name.slice(0, at)}-${n}${name.slice(at)}`;

/** Where the suffix goes for this name under this pattern; undefined when no place is accepted. */
export const suffixPlace = (name: string, pattern?: RegExp): number | undefined =>
  positions(name).find((at) => pattern === undefined || pattern.test(withSuffix(name, at, 2)));

/** The names the rule tries, in order (`-2` to `-99`); none when the pattern accepts no suffix. */
export const freeNameCandidates = (name: string, pattern?: RegExp): string[] => {
  const at = suffixPlace(name, pattern);
  if (at === undefined) return [];
  return Array.from({ length: 98 }, (_, i) => withSuffix(name, at, i + 2));
};

/** The first candidate nothing holds; undefined when every one is taken or none is allowed. */
export const freeName = (
  name: string,
  isTaken: (candidate: string) => boolean,
  pattern?: RegExp,
): string | undefined => freeNameCandidates(name, pattern).find((c) => !isTaken(c));

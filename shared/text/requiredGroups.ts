type Strings<N extends number, Acc extends readonly string[] = []> = Acc['length'] extends N
  ? Acc
  : Strings<N, readonly [...Acc, string]>;

/**
 * Capture groups 1..count of a match, for patterns where those groups cannot be left out (not
 * behind a `?` or in one branch of a `|`): the pattern guarantees them, the type checker under
 * noUncheckedIndexedAccess cannot see it. A missing one is a bug in the pattern, named as such.
 */
export const requiredGroups = <N extends number>(match: RegExpExecArray, count: N): Strings<N> => {
  const groups: string[] = [];
  for (let i = 1; i <= count; i += 1) {
    const group = match[i];
    if (group === undefined)
      throw new Error(`requiredGroups: group ${i} of a match in "${match.input}" is optional`);
    groups.push(group);
  }
  // The loop above pushed exactly `count` strings; TypeScript cannot count them.
  return groups as unknown as Strings<N>;
};

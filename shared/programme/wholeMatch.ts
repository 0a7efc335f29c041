/**
 * A profile's pattern as Depot applies it: the whole value must match (`\d{6}` refuses `1234567`),
 * with or without the `^...$` a coordinator may have written. The pattern was compiled once when
 * the profile was read (`parseProgrammeProfile`), so this cannot throw on a profile that loaded.
 */
export const wholeMatch = (pattern: string): RegExp => new RegExp(`^(?:${pattern})$`);

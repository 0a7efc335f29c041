/*
 * `validate_donnee_name` of `vigiechiro/resources/donnees.py` (facts §4), line for line: the
 * extension list, the two basename patterns, and the extra checks on the FIRST `-PassN-` and
 * `-TronN-` found (Python's `re.search`), upper bounds commented out as in the source.
 */

const ALLOWED_EXTENSIONS = ['wav', 'ta', 'tc', 'tac', 'tcc'];
const ROUTIER = /^Cir.+-[0-9]{4}-Pass[0-9]{1,2}-Tron[0-9]{1,2}-Chiro_([01]_)?[0-9]+_[0-9]{3}$/;
const POINT_FIXE =
  /^Car.+-[0-9]{4}-Pass[0-9]{1,2}-(([A-H][12])|(Z[1-9][0-9]*))-.*[0-9]{8}_[0-9]{6}_[0-9]{3}$/;

const firstNumber = (pattern: RegExp, text: string): number =>
  Number(pattern.exec(text)?.[1] ?? Number.NaN);

/** The basename when the portal accepts the name, undefined when it answers "invalid name". */
export const validateDonneeName = (name: string): string | undefined => {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return undefined;
  const basename = name.slice(0, dot);
  const extension = name.slice(dot + 1);
  if (!ALLOWED_EXTENSIONS.includes(extension)) return undefined;
  if (ROUTIER.test(basename)) {
    if (firstNumber(/-Pass([0-9]{1,2})-/, basename) === 0) return undefined;
    if (firstNumber(/-Tron([0-9]{1,2})-/, basename) === 0) return undefined;
    return basename;
  }
  if (POINT_FIXE.test(basename)) {
    if (firstNumber(/-Pass([0-9]{1,2})-/, basename) === 0) return undefined;
    return basename;
  }
  return undefined;
};

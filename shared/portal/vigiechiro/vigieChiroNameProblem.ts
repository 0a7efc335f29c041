/**
 * What the Vigie-Chiro API would answer to a file's name, judged before any byte leaves (facts §2
 * and §4, written from the facts file: `POST /fichiers` checks the characters, then the type it
 * derives from the extension, then, for recordings, `validate_donnee_name`). Case-sensitive as the
 * server is: `.WAV` is no known type, which is why a profile's names lower-case the extension.
 */
export type VigieChiroNameProblem =
  /** Not only letters, digits, `_`, `-` and `.` (`string contains forbidden characters`). */
  | 'forbidden-characters'
  /** No type the portal takes ends with the extension (`unknown file type`). */
  | 'unknown-type'
  /** A recording whose name is neither a point-fixe nor a routier name (`invalid name`). */
  | 'invalid-name';

/** `UNZIPPED_ALLOWED_MIMES` in the order the server looks them up. */
const MIMES = [
  'image/bmp',
  'image/png',
  'image/jpg',
  'image/jpeg',
  'application/ta',
  'application/tac',
  'application/tc',
  'application/tcc',
  'audio/wav',
  'audio/x-wav',
] as const;

/** The types whose names must be a protocol's (`validate_donnee_name`), and its extensions. */
const RECORDING_MIMES = new Set<string>(MIMES.slice(4));
const RECORDING_EXTENSIONS = new Set(['wav', 'ta', 'tac', 'tc', 'tcc']);

const ROUTIER = /^Cir.+-[0-9]{4}-Pass[0-9]{1,2}-Tron[0-9]{1,2}-Chiro_([01]_)?[0-9]+_[0-9]{3}$/;
const POINT_FIXE =
  /^Car.+-[0-9]{4}-Pass[0-9]{1,2}-(([A-H][12])|(Z[1-9][0-9]*))-.*[0-9]{8}_[0-9]{6}_[0-9]{3}$/;

/** The number after the first `-Pass`/`-Tron` of the name (Python's `re.search`). */
const first = (pattern: RegExp, text: string): number => Number(pattern.exec(text)?.[1] ?? NaN);

const mimeOf = (name: string): string | undefined => {
  if (/^[a-zA-Z_0-9\-.]+\.zip\.[0-9]+$/.test(name)) return 'application/zip';
  if (/^[a-zA-Z_0-9\-.]+\.z[0-9]+$/.test(name)) return 'application/zip';
  if (/^[a-zA-Z_0-9\-.]+\.zip/.test(name)) return 'application/zip';
  const extension = /\.([a-zA-Z0-9]+)$/.exec(name)?.[1];
  return extension === undefined ? undefined : MIMES.find((m) => m.endsWith(extension));
};

const protocolName = (name: string): boolean => {
  const dot = name.lastIndexOf('.');
  if (!RECORDING_EXTENSIONS.has(name.slice(dot + 1))) return false;
  const basename = name.slice(0, dot);
  if (ROUTIER.test(basename)) {
    return (
      first(/-Pass([0-9]{1,2})-/, basename) !== 0 && first(/-Tron([0-9]{1,2})-/, basename) !== 0
    );
  }
  return POINT_FIXE.test(basename) && first(/-Pass([0-9]{1,2})-/, basename) !== 0;
};

/** Undefined when the API takes the name. */
export const vigieChiroNameProblem = (name: string): VigieChiroNameProblem | undefined => {
  if (!/^[a-zA-Z0-9_\-.]+$/.test(name)) return 'forbidden-characters';
  const mime = mimeOf(name);
  if (mime === undefined) return 'unknown-type';
  return RECORDING_MIMES.has(mime) && !protocolName(name) ? 'invalid-name' : undefined;
};

/*
 * The portal's MIME lists and `detect_mime`, as `vigiechiro/resources/fichiers.py` has them
 * (facts §2; the lists and the order of the zip patterns read from the source at the facts' commit).
 */

export const ALLOWED_MIMES_PHOTOS = ['image/bmp', 'image/png', 'image/jpg', 'image/jpeg'] as const;
export const ALLOWED_MIMES_TA = ['application/ta', 'application/tac'] as const;
export const ALLOWED_MIMES_TC = ['application/tc', 'application/tcc'] as const;
export const ALLOWED_MIMES_WAV = ['audio/wav', 'audio/x-wav'] as const;
export const ALLOWED_MIMES_PROCESSING_EXTRA = ['application/x-processing-extra'] as const;
export const ALLOWED_MIMES_ZIPPED = [
  'application/zip',
  'application/ta+zip',
  'application/tc+zip',
  'application/wav+zip',
] as const;
const UNZIPPED_ALLOWED_MIMES: readonly string[] = [
  ...ALLOWED_MIMES_PHOTOS,
  ...ALLOWED_MIMES_TA,
  ...ALLOWED_MIMES_TC,
  ...ALLOWED_MIMES_WAV,
];

/**
 * The MIME type the portal derives from a title, or undefined ("unknown file type"). Python's
 * `re.match` anchors at the start only: `x.zipper` is a zip. The extension is matched with
 * `endswith`, case-sensitively: `x.g` is `image/png`, `x.WAV` is nothing (facts §2).
 */
export const detectMime = (title: string): string | undefined => {
  if (/^[a-zA-Z_0-9\-.]+\.zip\.[0-9]+$/.test(title)) return 'application/zip';
  if (/^([a-zA-Z_0-9\-.]+)\.z[0-9]+$/.test(title)) return 'application/zip';
  if (/^([a-zA-Z_0-9\-.]+)\.zip/.test(title)) return 'application/zip';
  const match = /^[a-zA-Z0-9_\-.]+\.([a-zA-Z0-9]+)$/.exec(title);
  if (match === null) return undefined;
  const extension = match[1] ?? '';
  return UNZIPPED_ALLOWED_MIMES.find((mime) => mime.endsWith(extension));
};

/** The S3 folder `fichier_create` chooses by MIME type (facts §2). */
export const folderOfMime = (mime: string): string => {
  const among = (list: readonly string[]): boolean => list.includes(mime);
  if (among(ALLOWED_MIMES_PHOTOS)) return 'photos/';
  if (among(ALLOWED_MIMES_TA)) return 'ta/';
  if (among(ALLOWED_MIMES_TC)) return 'tc/';
  if (among(ALLOWED_MIMES_WAV)) return 'wav/';
  if (among(ALLOWED_MIMES_ZIPPED)) return 'zip/';
  if (among(ALLOWED_MIMES_PROCESSING_EXTRA)) return 'processing_extra/';
  return 'others/';
};

/** Whether the portal checks the title with `validate_donnee_name` (ta, tc and wav folders). */
export const needsDonneeName = (mime: string): boolean =>
  [...ALLOWED_MIMES_TA, ...ALLOWED_MIMES_TC, ...ALLOWED_MIMES_WAV].some((m) => m === mime);

/**
 * The code a Vigie-Chiro refusal is known by, derived once where the answer is received. The API
 * has no error codes: its `_errors` (facts §1) is a string or an object of field -> message, and
 * those messages are fixed strings of its source (facts §2; `xin/snippets.py`, `fichiers.py`,
 * `participations.py`, `utilisateurs.py`). They are matched whole, never searched, and only to
 * name the reason for the volunteer: whether a call is retried is decided by status alone.
 */
export type VigieChiroRefusalCode =
  | 'token-refused'
  | 'forbidden'
  | 'not-found'
  | 'not-json'
  | 'name-forbidden-characters'
  | 'name-unknown-type'
  | 'name-invalid'
  | 'unknown-field'
  | 'missing-field'
  | 'invalid-field'
  | 'already-done'
  | 'not-available'
  | 'already-planned'
  | 'site-unknown'
  | 'participation-unknown'
  | 'protocole-not-joined'
  | 'protocole-not-validated'
  | 'not-cancellable';

const FIELD_MESSAGES: Readonly<Record<string, VigieChiroRefusalCode>> = {
  'unknown field': 'unknown-field',
  'missing field': 'missing-field',
  'invalid field': 'invalid-field',
  'required field': 'missing-field',
};

const TEXT_MESSAGES: Readonly<Record<string, VigieChiroRefusalCode>> = {
  'Content-Type is not `application/json`': 'not-json',
  'upload is already done': 'already-done',
  'file is not available': 'not-available',
  'not registered to protocole': 'protocole-not-joined',
  'protocole registration not yet validated': 'protocole-not-validated',
  'cannot cancel file once upload is done': 'not-cancellable',
};

const BY_STATUS: Readonly<Record<number, VigieChiroRefusalCode>> = {
  401: 'token-refused',
  403: 'forbidden',
  404: 'not-found',
  409: 'already-done',
  410: 'not-available',
  412: 'not-json',
};

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `errors` is the answer's `_errors` as parsed JSON, or undefined when the body had none. */
export const vigieChiroRefusalCode = (
  status: number,
  errors: unknown,
): VigieChiroRefusalCode | undefined => {
  if (typeof errors === 'string') {
    const known = TEXT_MESSAGES[errors];
    if (known !== undefined) return known;
  }
  if (isRecord(errors)) {
    const titre = errors.titre;
    if (titre === 'string contains forbidden characters') return 'name-forbidden-characters';
    if (titre === 'unknown file type') return 'name-unknown-type';
    if (typeof titre === 'string' && titre.startsWith('invalid name ')) return 'name-invalid';
    if (status === 400 && typeof errors.etat === 'string') return 'already-planned';
    if (errors.site === 'no site with this id') return 'site-unknown';
    if (errors.lien_participation !== undefined) return 'participation-unknown';
    for (const message of Object.values(errors)) {
      const code = typeof message === 'string' ? FIELD_MESSAGES[message] : undefined;
      if (code !== undefined) return code;
    }
  }
  return BY_STATUS[status];
};

/*
 * How the portal's errors look on the wire (facts §1; `vigiechiro/app.py` `make_json_error`, read
 * at the facts' commit): Flask's `abort(status, description)` raises werkzeug's HTTPException,
 * whose JSON is `{"_status": str(ex), "_errors": ex.description}`, where `str(ex)` is werkzeug
 * 0.15's `"<code> <name>: <description>"` (a dict shown as Python prints it).
 */

const NAMES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};

/** werkzeug's default descriptions, for `abort(status)` without one. */
const DEFAULT_DESCRIPTIONS: Readonly<Record<number, string>> = {
  403:
    "You don't have the permission to access the requested resource. It is either " +
    'read-protected or not readable by the server.',
  404:
    'The requested URL was not found on the server. If you entered the URL manually please ' +
    'check your spelling and try again.',
  405: 'The method is not allowed for the requested URL.',
  500:
    'The server encountered an internal error and was unable to complete your request. Either ' +
    'the server is overloaded or there is an error in the application.',
};

/** A JSON value as Python's `str()` shows it (only what the portal's descriptions contain). */
const pythonStr = (value: unknown, nested = false): string => {
  if (typeof value === 'string') return nested ? `'${value.replace(/'/g, "\\'")}'` : value;
  if (Array.isArray(value)) return `[${value.map((v) => pythonStr(v, true)).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `'${k}': ${pythonStr(v, true)}`);
    return `{${entries.join(', ')}}`;
  }
  return String(value);
};

/** An answer the portal gives instead of the route's result (Flask's `abort`). */
export class ApiAbort extends Error {
  readonly description: unknown;
  constructor(
    readonly status: number,
    description?: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    const text = description ?? DEFAULT_DESCRIPTIONS[status] ?? '';
    super(`${status} ${NAMES[status] ?? ''}: ${pythonStr(text)}`);
    this.description = text;
  }

  /** `make_json_error`'s body. */
  body(): { readonly _status: string; readonly _errors: unknown } {
    return { _status: this.message, _errors: this.description };
  }
}

/** What `make_json_error` makes of a Python exception that is not an HTTPException (500, no `_errors`). */
export const internalErrorBody = (text: string): { readonly _status: string } => ({
  _status: text,
});

/**
 * The decoded path of a request target, or undefined when it is not one this bridge could serve:
 * not origin-form (`//host`, `*`, an absolute URL), malformed percent-encoding, a NUL byte. Parsed
 * here, inside the checks, because a parse error thrown in a handler would end the process.
 */
export const requestPath = (target: string | undefined): string | undefined => {
  if (target === undefined || !target.startsWith('/') || target.startsWith('//')) return undefined;
  const raw = target.split(/[?#]/, 1)[0] ?? '';
  try {
    const path = decodeURIComponent(raw);
    return path.includes('\0') ? undefined : path;
  } catch {
    return undefined;
  }
};

/**
 * A path of the API with each value put in it percent-encoded (`encodeURIComponent`): an id is
 * one segment, never a `/`, `?` or `#` of its own. Written as the API documents it:
 * apiPath`/fichiers/${fileId}/acces`.
 */
export const apiPath = (literals: TemplateStringsArray, ...values: readonly string[]): string =>
  values.reduce(
    (path, value, i) => `${path}${encodeURIComponent(value)}${literals[i + 1] ?? ''}`,
    literals[0] ?? '',
  );

import { listingPrefix } from '../wire/nightManifestKey';

/**
 * The fixed leading part of a prefix template, before its first placeholder: the folder every
 * night made with the template lies in (`vol42/{night}` gives `vol42/`). What the first contact
 * and the connection test ask about, so that a key limited to that folder is asked nothing
 * outside it (issue 29). A template without a placeholder is one night's prefix: its listing
 * prefix. `{{` is a literal brace.
 */
export const fixedPrefix = (template: string): string => {
  let leading = '';
  for (let i = 0; i < template.length; i++) {
    const c = template[i];
    if ((c === '{' || c === '}') && template[i + 1] === c) {
      leading += c;
      i++;
      continue;
    }
    if (c === '{') {
      // The cut keeps what the template's keys share: their segments, and the start of the next.
      const cleaned = leading
        .replace(/\\/g, '/')
        .replace(/^\/+/, '')
        .replace(/\/{2,}/g, '/');
      return cleaned;
    }
    leading += c;
  }
  return listingPrefix(template);
};

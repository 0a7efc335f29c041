import { fileURLToPath } from 'node:url';

/**
 * A folder's path as a volunteer pastes it (issue 31): the quotes a file manager's "copy path"
 * adds, surrounding spaces, or a `file://` address, undone. Anything else is left as typed.
 */
export const cleanTypedPath = (typed: string): string => {
  let path = typed.trim();
  const quoted = /^(['"])(.*)\1$/.exec(path);
  if (quoted !== null) path = (quoted[2] ?? '').trim();
  if (/^file:\/\//i.test(path)) {
    try {
      path = fileURLToPath(path);
    } catch {
      // Not a local file address (another host): left as typed, refused as a missing folder.
    }
  }
  return path;
};

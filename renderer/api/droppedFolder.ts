/**
 * The folder a volunteer dropped on the window: the first dropped item with a path on disk.
 * Only Electron knows paths (`pathFor` is the preload's `webUtils.getPathForFile`); a browser
 * (the bridge) does not, and the path field is the way there.
 */
export const droppedFolder = (
  files: ArrayLike<File>,
  pathFor: ((file: File) => string) | undefined,
): string | null => {
  if (pathFor === undefined) return null;
  for (let i = 0; i < files.length; i++) {
    const file = files[i];
    if (file === undefined) continue;
    const path = pathFor(file);
    if (path !== '') return path;
  }
  return null;
};

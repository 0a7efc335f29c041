/**
 * `~` and `~/…` as a shell would read them: volunteers paste paths from a terminal or a how-to.
 * `~user` is left alone (another account's folder is not ours to guess).
 */
export const expandHome = (dir: string, home: string): string => {
  const trimmed = dir.trim();
  if (trimmed === '~') return home;
  if (trimmed.startsWith('~/')) return `${home.replace(/\/+$/, '')}/${trimmed.slice(2)}`;
  return trimmed;
};

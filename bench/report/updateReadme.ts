import { readFileSync, writeFileSync } from 'node:fs';

export const README_START = '<!-- bench:latest:start -->';
export const README_END = '<!-- bench:latest:end -->';

/** Replaces the table between the README's bench markers (only there); absent markers: no-op. */
export const updateReadme = (path: string, markdown: string): boolean => {
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) return false;
  writeFileSync(
    path,
    `${text.slice(0, start + README_START.length)}\n${markdown}\n${text.slice(end)}`,
  );
  return true;
};

import { chmod, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { Credentials, SecretFile, SecretStore } from './Credentials';

/**
 * Bridge mode has no `safeStorage` (no Electron): a secret rests in a file only the user can
 * read (0600), outside SQLite, written atomically. `parse` says what a valid one looks like: a
 * damaged file reads as none. See docs/decisions/0006-browser-bridge.md.
 */
export const fileSecret = <T>(
  path: string,
  parse: (json: unknown) => T | undefined,
): SecretFile<T> => ({
  kind: 'file-0600',
  async read() {
    try {
      return parse(JSON.parse(await readFile(path, 'utf8')));
    } catch {
      return undefined;
    }
  },
  async write(secret) {
    const tmp = `${path}.tmp`;
    await writeFile(tmp, JSON.stringify(secret), { mode: 0o600 });
    await chmod(tmp, 0o600);
    await rename(tmp, path);
  },
  async clear() {
    await rm(path, { force: true });
  },
});

/** The S3 credentials as a stored JSON object, or undefined when it is not one. */
export const credentialsOf = (json: unknown): Credentials | undefined => {
  const parsed = json as Partial<Credentials> | null;
  if (typeof parsed?.accessKeyId !== 'string' || typeof parsed.secretAccessKey !== 'string')
    return undefined;
  return { accessKeyId: parsed.accessKeyId, secretAccessKey: parsed.secretAccessKey };
};

export const fileSecretStore = (path: string): SecretStore => fileSecret(path, credentialsOf);

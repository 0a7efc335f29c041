import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import type { Credentials, SecretStore } from './Credentials';

/**
 * Bridge mode has no `safeStorage` (no Electron): credentials rest in a file only the user can
 * read (0600), outside SQLite, written atomically. See docs/decisions/0006-browser-bridge.md.
 */
export const fileSecretStore = (path: string): SecretStore => ({
  kind: 'file-0600',
  async read() {
    try {
      const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<Credentials>;
      if (typeof parsed.accessKeyId !== 'string' || typeof parsed.secretAccessKey !== 'string') {
        return undefined;
      }
      return { accessKeyId: parsed.accessKeyId, secretAccessKey: parsed.secretAccessKey };
    } catch {
      return undefined;
    }
  },
  async write(credentials) {
    const tmp = `${path}.tmp`;
    await writeFile(tmp, JSON.stringify(credentials), { mode: 0o600 });
    await chmod(tmp, 0o600);
    await rename(tmp, path);
  },
});

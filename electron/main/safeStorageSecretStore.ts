import type { SafeStorage } from 'electron';
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { Credentials, SecretStore } from '../app/Credentials';

/**
 * Credentials encrypted with the OS keychain through `safeStorage`, in a file of their own (never
 * SQLite). Where no encryption is available (a Linux session without a keyring), they are kept
 * in memory for this run only rather than written in clear.
 */
export const safeStorageSecretStore = (safeStorage: SafeStorage, path: string): SecretStore => {
  let inMemory: Credentials | undefined;
  const available = (): boolean =>
    safeStorage.isEncryptionAvailable() &&
    (process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text');
  return {
    kind: available() ? 'safeStorage' : 'memory',
    async read() {
      if (inMemory !== undefined || !available()) return inMemory;
      try {
        const parsed = JSON.parse(safeStorage.decryptString(await readFile(path))) as Credentials;
        return typeof parsed.accessKeyId === 'string' && typeof parsed.secretAccessKey === 'string'
          ? parsed
          : undefined;
      } catch {
        return undefined;
      }
    },
    async write(credentials) {
      inMemory = credentials;
      if (!available()) return;
      const tmp = `${path}.tmp`;
      await writeFile(tmp, safeStorage.encryptString(JSON.stringify(credentials)), { mode: 0o600 });
      await rename(tmp, path);
    },
  };
};

import type { SafeStorage } from 'electron';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { SecretFile, SecretStore } from '../app/Credentials';
import { credentialsOf } from '../app/FileSecretStore';

/**
 * A secret encrypted with the OS keychain through `safeStorage`, in a file of its own (never
 * SQLite). Where no encryption is available (a Linux session without a keyring), it is kept in
 * memory for this run only rather than written in clear.
 */
export const safeStorageSecret = <T>(
  safeStorage: SafeStorage,
  path: string,
  parse: (json: unknown) => T | undefined,
): SecretFile<T> => {
  let inMemory: T | undefined;
  let cleared = false;
  const available = (): boolean =>
    safeStorage.isEncryptionAvailable() &&
    (process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text');
  return {
    kind: available() ? 'safeStorage' : 'memory',
    async read() {
      if (inMemory !== undefined || cleared || !available()) return inMemory;
      try {
        return parse(JSON.parse(safeStorage.decryptString(await readFile(path))));
      } catch {
        return undefined;
      }
    },
    async write(secret) {
      inMemory = secret;
      cleared = false;
      if (!available()) return;
      const tmp = `${path}.tmp`;
      await writeFile(tmp, safeStorage.encryptString(JSON.stringify(secret)), { mode: 0o600 });
      await rename(tmp, path);
    },
    async clear() {
      inMemory = undefined;
      cleared = true;
      await rm(path, { force: true });
    },
  };
};

/** The S3 credentials, encrypted with the OS keychain. */
export const safeStorageSecretStore = (safeStorage: SafeStorage, path: string): SecretStore =>
  safeStorageSecret(safeStorage, path, credentialsOf);

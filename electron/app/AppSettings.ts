import { readFile, rename, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import type { SettingsView } from '../../shared/ipc/views';

/** Settings as stored in `settings.json` (no secret: credentials live in the SecretStore). */
export type AppSettings = Omit<SettingsView, 'credentials' | 'programme'>;

export const defaultAppSettings: AppSettings = {
  endpoint: '',
  region: 'us-east-1',
  bucket: '',
  prefixTemplate: '{site}/{point}/{night}',
  pathStyle: true,
  concurrency: 4,
  bwlimitBytesPerSec: null,
  keepRunningInBackground: false,
  locale: 'fr',
};

const stored = z.object({
  endpoint: z.string(),
  region: z.string(),
  bucket: z.string(),
  prefixTemplate: z.string(),
  pathStyle: z.boolean(),
  concurrency: z.number().int().min(1).max(16),
  bwlimitBytesPerSec: z.number().int().positive().nullable(),
  keepRunningInBackground: z.boolean(),
  locale: z.enum(['fr', 'en']),
});

/** A missing or damaged file gives the defaults merged with whatever fields are still valid. */
export const loadAppSettings = async (path: string): Promise<AppSettings> => {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return defaultAppSettings;
  }
  const merged = stored.safeParse({ ...defaultAppSettings, ...(raw as object) });
  return merged.success ? merged.data : defaultAppSettings;
};

export const saveAppSettings = async (path: string, settings: AppSettings): Promise<void> => {
  const tmp = `${path}.tmp`;
  await writeFile(tmp, JSON.stringify(settings, null, 2) + '\n', { mode: 0o600 });
  await rename(tmp, path);
};

/** Whether the engine can be built: storage named and credentials present. */
export const isConfigured = (settings: AppSettings): boolean =>
  settings.endpoint !== '' && settings.bucket !== '';

import { readFile, rename, writeFile } from 'node:fs/promises';
import { z } from 'zod';

/**
 * Nights the volunteer tidied away, by plan id, in `archived-nights.json` beside the settings.
 * Local only: archiving never touches the server, nor the plan in the database (a superseded
 * night stays resumable and can be brought back).
 */
export type ArchivedNights = {
  has(planId: number): boolean;
  set(planId: number, archived: boolean): Promise<void>;
};

const stored = z.array(z.number().int().positive());

export const loadArchivedNights = async (path: string): Promise<ArchivedNights> => {
  let ids = new Set<number>();
  try {
    const parsed = stored.safeParse(JSON.parse(await readFile(path, 'utf8')));
    // A damaged file archives nothing: every night shows, none is lost from sight for good.
    if (parsed.success) ids = new Set(parsed.data);
  } catch {
    // Absent: nothing archived yet.
  }
  return {
    has: (planId) => ids.has(planId),
    async set(planId, archived) {
      const next = new Set(ids);
      if (archived) next.add(planId);
      else next.delete(planId);
      const tmp = `${path}.tmp`;
      await writeFile(tmp, JSON.stringify([...next].sort((a, b) => a - b)) + '\n', { mode: 0o600 });
      await rename(tmp, path);
      ids = next;
    },
  };
};

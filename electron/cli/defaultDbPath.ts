import { homedir } from 'node:os';
import { join } from 'node:path';

/** `--db`, else $DEPOT_DB, else `$XDG_DATA_HOME/depot/depot.db` (~/.local/share/depot/depot.db). */
export const defaultDbPath = (env: NodeJS.ProcessEnv, explicit?: string): string => {
  if (explicit !== undefined && explicit !== '') return explicit;
  const fromEnv = env['DEPOT_DB'];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const data = env['XDG_DATA_HOME'] ?? join(env['HOME'] ?? homedir(), '.local', 'share');
  return join(data, 'depot', 'depot.db');
};

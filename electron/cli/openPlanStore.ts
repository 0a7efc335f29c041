import { DatabaseError } from '../store/DatabaseError';
import { openDatabase } from '../store/openDatabase';
import { PlanStore } from '../store/PlanStore';
import type { CommandIo } from './Command';
import { defaultDbPath } from './defaultDbPath';

/**
 * The plan database of `--db` (or the default), or exit 2 with what is wrong with it (newer than
 * this Depot, damaged, unreadable): never recreated over.
 */
export const openPlanStore = (
  command: string,
  io: CommandIo,
  db: string | undefined,
): PlanStore | number => {
  try {
    return new PlanStore(openDatabase(defaultDbPath(io.env, db)));
  } catch (error) {
    if (error instanceof DatabaseError) {
      io.stderr.write(`depot ${command}: ${error.message}\n`);
      return error.code === 'busy' ? 4 : 2;
    }
    throw error;
  }
};

import type { Migration } from '../Migration';
import { migration0001 } from './0001_plans_units_parts_journal';
import { migration0002 } from './0002_run_leases';

/** Every schema step, in order. Append only. */
export const migrations: readonly Migration[] = [migration0001, migration0002];

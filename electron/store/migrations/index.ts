import type { Migration } from '../Migration';
import { migration0001 } from './0001_plans_units_parts_journal';
import { migration0002 } from './0002_run_leases';
import { migration0003 } from './0003_night_target';
import { migration0004 } from './0004_unit_mtime_ns';
import { migration0005 } from './0005_plan_programme';
import { migration0006 } from './0006_night_uploads_and_proof';
import { migration0007 } from './0007_ways_back';
import { migration0008 } from './0008_portal_nights';

/** Every schema step, in order. Append only. */
export const migrations: readonly Migration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0004,
  migration0005,
  migration0006,
  migration0007,
  migration0008,
];

import { Journal } from './Journal';
import { NightUploads } from './NightUploads';
import { PartLedger } from './PartLedger';
import { PlanRepository } from './PlanRepository';
import { Removals } from './Removals';
import { RunLeases } from './RunLeases';
import type { SqlStatements } from './SqlStatements';
import { UnitQueue } from './UnitQueue';

/** The store's repositories, one per table (the part ledger also keeps the byte counters its parts feed). */
export type Repositories = {
  readonly plans: PlanRepository;
  readonly units: UnitQueue;
  readonly parts: PartLedger;
  readonly journal: Journal;
  readonly leases: RunLeases;
  readonly uploads: NightUploads;
  readonly removals: Removals;
};

/** Every repository over the one database's statements. */
export const repositoriesOver = (sql: SqlStatements): Repositories => ({
  plans: new PlanRepository(sql),
  units: new UnitQueue(sql),
  parts: new PartLedger(sql),
  journal: new Journal(sql),
  leases: new RunLeases(sql),
  uploads: new NightUploads(sql),
  removals: new Removals(sql),
});

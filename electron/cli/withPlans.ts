import type { PlanRecord } from '../store/PlanRecord';
import type { PlanStore } from '../store/PlanStore';
import type { CommandIo } from './Command';
import { openPlanStore } from './openPlanStore';
import { parseCommandLine } from './parseCommandLine';
import { planNumberArg } from './planNumberArg';

/**
 * The commands that read the database only (`status`, `retry-failures`): `[PLAN] [--db FILE]
 * [--json]` parsed, the store opened, the plans asked for (every plan, or the one named: exit 2
 * when there is none) handed to `work`, and the store closed whatever happens. Returns the exit code.
 */
export const withPlans = (
  command: string,
  usage: string,
  argv: readonly string[],
  io: CommandIo,
  work: (
    store: PlanStore,
    plans: readonly PlanRecord[],
    json: boolean,
    only: number | undefined,
  ) => number,
): number => {
  const parsed = parseCommandLine(command, usage, argv, io, {
    db: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const arg = planNumberArg(command, io, positionals[0]);
  if ('exit' in arg) return arg.exit;
  const only = arg.plan;
  const store = openPlanStore(command, io, values.db);
  if (typeof store === 'number') return store;
  try {
    const plans = store.listPlans().filter((p) => only === undefined || p.id === only);
    if (only !== undefined && plans.length === 0) {
      io.stderr.write(`depot ${command}: no plan ${only}\n`);
      return 2;
    }
    return work(store, plans, values.json === true, only);
  } finally {
    store.close();
  }
};

import { parseArgs } from 'node:util';
import { requeueFailures } from '../engine/requeueFailures';
import { DatabaseError } from '../store/DatabaseError';
import { openDatabase } from '../store/openDatabase';
import { PlanStore } from '../store/PlanStore';
import type { Command, CommandIo } from './Command';
import { defaultDbPath } from './defaultDbPath';

const USAGE = `Usage: depot retry-failures [PLAN] [--db FILE] [--json]

Puts back in the queue the failed files that retrying can help (every plan, or one), keeping
their uploaded parts; definitive failures (conflict, refused, file changed or gone) stay as they
are. Then run the same \`depot deposit\` command again.`;

// No network and no await: the store is synchronous.
const runNow = (argv: readonly string[], io: CommandIo): number => {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        db: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.stderr.write(
      `depot retry-failures: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`,
    );
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(USAGE + '\n');
    return 0;
  }
  const only = positionals[0] === undefined ? undefined : Number(positionals[0]);
  if (only !== undefined && !Number.isInteger(only)) {
    io.stderr.write(`depot retry-failures: "${positionals[0]}" is not a plan number\n`);
    return 2;
  }
  let store: PlanStore;
  try {
    store = new PlanStore(openDatabase(defaultDbPath(io.env, values.db)));
  } catch (error) {
    if (error instanceof DatabaseError) {
      io.stderr.write(`depot retry-failures: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  try {
    const plans = store.listPlans().filter((p) => only === undefined || p.id === only);
    if (only !== undefined && plans.length === 0) {
      io.stderr.write(`depot retry-failures: no plan ${only}\n`);
      return 2;
    }
    const results = plans.map((p) => ({
      planId: p.id,
      ...requeueFailures(store, p.id, Date.now()),
    }));
    if (values.json) io.stdout.write(JSON.stringify({ plans: results }) + '\n');
    else {
      for (const r of results) {
        io.stdout.write(
          `Plan ${r.planId}: ${r.requeued} re-queued, ${r.definitive} definitive (retrying will not help), ${r.awaitingCredentials} waiting for new credentials\n`,
        );
      }
      if (results.some((r) => r.requeued > 0))
        io.stdout.write('Run the same `depot deposit` command again to send them.\n');
    }
    return 0;
  } finally {
    store.close();
  }
};

export const retryFailuresCommand: Command = {
  name: 'retry-failures',
  summary: 're-queue the failed files that retrying can help',
  run: (argv, io) => Promise.resolve(runNow(argv, io)),
};

import { requeueFailures } from '../engine/requeueFailures';
import type { Command, CommandIo } from './Command';
import { withPlans } from './withPlans';

const USAGE = `Usage: depot retry-failures [PLAN] [--db FILE] [--json]

Puts back in the queue the failed files that retrying can help (every plan, or one), keeping
their uploaded parts. A file that changed while it was deposited goes back as it is now (hashed
and sent again from its first byte: wait until it no longer changes). Definitive failures
(conflict, refused, file gone) stay as they are. Then run the same \`depot deposit\` command again.`;

// No network and no await: the store is synchronous.
const runNow = (argv: readonly string[], io: CommandIo): number => {
  return withPlans('retry-failures', USAGE, argv, io, (store, plans, json) => {
    const results = plans.map((p) => ({
      planId: p.id,
      ...requeueFailures(store, p.id, Date.now()),
    }));
    if (json) io.stdout.write(JSON.stringify({ plans: results }) + '\n');
    else {
      for (const r of results) {
        io.stdout.write(
          `Plan ${r.planId}: ${r.requeued} re-queued, ${r.definitive} definitive (retrying will not help), ${r.awaitingCredentials} waiting for new credentials` +
            (r.lifted > 0 ? `, ${r.lifted} postponed by the server now tried again at once` : '') +
            '\n',
        );
      }
      if (results.some((r) => r.requeued + r.lifted > 0))
        io.stdout.write('Run the same `depot deposit` command again to send them.\n');
    }
    return 0;
  });
};

export const retryFailuresCommand: Command = {
  name: 'retry-failures',
  summary: 're-queue the failed files that retrying can help',
  run: (argv, io) => Promise.resolve(runNow(argv, io)),
};

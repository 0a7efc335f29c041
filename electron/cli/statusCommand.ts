import { planPhase } from '../../shared/domain/planPhase';
import type { Command, CommandIo } from './Command';
import { withPlans } from './withPlans';
import { describeCause } from './describeCause';
import { formatBytes } from './parseSize';

const USAGE = `Usage: depot status [PLAN] [--db FILE] [--json]

The plans in the database and where each stands (no network). With a plan number, also lists
its failed files with their cause.`;

// No network and no await: the store is synchronous.
const runNow = (argv: readonly string[], io: CommandIo): number => {
  return withPlans('status', USAGE, argv, io, (store, plans, json, only) => {
    const views = plans.map((p) => ({
      id: p.id,
      dir: p.dir,
      endpoint: p.endpoint,
      bucket: p.bucket,
      prefix: p.prefix,
      paused: p.paused,
      completedAt: p.completedAt,
      manifestAt: p.manifestAt,
      bytesSent: p.bytesSent,
      bytesResent: p.bytesResent,
      ...store.counts(p.id),
      failures:
        only === undefined
          ? undefined
          : store.failedUnits(p.id).map((u) => ({
              path: u.relPath,
              cause: u.state.kind === 'failed' ? u.state.cause : undefined,
            })),
    }));
    if (json) {
      io.stdout.write(JSON.stringify({ plans: views }) + '\n');
      return 0;
    }
    if (views.length === 0) io.stdout.write('No plan yet.\n');
    for (const p of views) {
      const phase = planPhase(p);
      // The word `depot status` has always printed for a completed night.
      const state = phase === 'to-do' ? 'in progress' : phase === 'completed' ? 'complete' : phase;
      io.stdout.write(
        `Plan ${p.id} [${state}] ${p.dir} -> ${p.endpoint} s3://${p.bucket}/${p.prefix}\n` +
          `  ${p.done}/${p.units} files verified (${p.alreadyPresent} already there), ${p.failed} failed, ${p.pending + p.inProgress} to do, ${p.deferred} deferred; ${formatBytes(p.bytesAcked)}/${formatBytes(p.bytesTotal)} acknowledged, ${formatBytes(p.bytesResent)} re-sent\n`,
      );
      for (const f of p.failures ?? []) {
        if (f.cause !== undefined)
          io.stdout.write(`  FAILED ${f.path}: ${describeCause(f.cause)}\n`);
      }
    }
    return 0;
  });
};

export const statusCommand: Command = {
  name: 'status',
  summary: 'show the plans and where each stands (no network)',
  run: (argv, io) => Promise.resolve(runNow(argv, io)),
};

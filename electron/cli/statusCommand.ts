import { parseArgs } from 'node:util';
import { DatabaseError } from '../store/DatabaseError';
import { openDatabase } from '../store/openDatabase';
import { PlanStore } from '../store/PlanStore';
import type { Command, CommandIo } from './Command';
import { defaultDbPath } from './defaultDbPath';
import { describeCause } from './describeCause';
import { formatBytes } from './parseSize';

const USAGE = `Usage: depot status [PLAN] [--db FILE] [--json]

The plans in the database and where each stands (no network). With a plan number, also lists
its failed files with their cause.`;

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
      `depot status: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`,
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
    io.stderr.write(`depot status: "${positionals[0]}" is not a plan number\n`);
    return 2;
  }
  let store: PlanStore;
  try {
    store = new PlanStore(openDatabase(defaultDbPath(io.env, values.db)));
  } catch (error) {
    if (error instanceof DatabaseError) {
      io.stderr.write(`depot status: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  try {
    const plans = store.listPlans().filter((p) => only === undefined || p.id === only);
    if (only !== undefined && plans.length === 0) {
      io.stderr.write(`depot status: no plan ${only}\n`);
      return 2;
    }
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
    if (values.json) {
      io.stdout.write(JSON.stringify({ plans: views }) + '\n');
      return 0;
    }
    if (views.length === 0) io.stdout.write('No plan yet.\n');
    for (const p of views) {
      const state =
        p.manifestAt !== null
          ? 'complete'
          : p.paused
            ? 'paused'
            : p.failed > 0 && p.pending + p.inProgress + p.deferred === 0
              ? 'failures'
              : 'in progress';
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
  } finally {
    store.close();
  }
};

export const statusCommand: Command = {
  name: 'status',
  summary: 'show the plans and where each stands (no network)',
  run: (argv, io) => Promise.resolve(runNow(argv, io)),
};

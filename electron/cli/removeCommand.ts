import type { Command, CommandIo } from './Command';
import { parseCommandLine } from './parseCommandLine';
import { planNumberArg } from './planNumberArg';
import { placeText, removalText } from './removalText';
import { withNight } from './withNight';

const USAGE = `Usage: depot remove PLAN [--yes] [--db FILE] [--profile NAME] [--region R] [--path-style] [--json]

Takes a night's deposit off the server (a wrong destination, a test): only the objects this
night wrote, by its plan, each deleted only while the server still holds the bytes the night
sent (its ETag); anything else at those keys stays. Its manifest and its open multipart uploads
go too, then the night is forgotten by this Depot. The card is not touched.

Without --yes, says what would be removed and where, and removes nothing. The credentials are
those of \`depot deposit\` (environment or --profile); the key needs s3:DeleteObject: when the
server refuses, nothing is hidden: what was removed and what stays are said, exit 3.
Exit codes: 0 removed (or nothing to remove), 2 usage, 3 refused, 4 interrupted (run again).`;

/** `depot remove`: parse, then the night's own objects taken off its server (`withNight`). */
const run = async (argv: readonly string[], io: CommandIo): Promise<number> => {
  const parsed = parseCommandLine('remove', USAGE, argv, io, {
    yes: { type: 'boolean', default: false },
    db: { type: 'string' },
    profile: { type: 'string' },
    region: { type: 'string' },
    'path-style': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const arg = planNumberArg('remove', io, positionals[0]);
  if ('exit' in arg) return arg.exit;
  if (arg.plan === undefined) {
    io.stderr.write(`depot remove: give the plan's number (see depot status)\n\n${USAGE}\n`);
    return 2;
  }
  const json = values.json;
  return withNight('remove', io, arg.plan, values, async ({ store, plan, night }) => {
    const place = placeText({ endpoint: plan.endpoint, bucket: plan.bucket, prefix: plan.prefix });
    const planId = plan.id;
    const own = night.engine.ownObjects(planId);
    if (!values.yes && !plan.removing) {
      const line = `Plan ${planId} wrote ${own.objects} object(s) under ${place}${own.uploads > 0 ? ` and holds ${own.uploads} open upload(s)` : ''}. Nothing removed: run again with --yes to remove them.`;
      io.stdout.write(
        json ? `${JSON.stringify({ planId, place, ...own, removed: false })}\n` : `${line}\n`,
      );
      return 0;
    }
    if (night.engine.leaseHolder(planId) !== undefined) {
      io.stderr.write(
        `depot remove: plan ${planId} is being deposited by another Depot process: stop it first\n`,
      );
      return 4;
    }
    night.engine.removeFromServer(planId);
    const pass = await night.engine.workRemovals(planId, io.signal);
    const counts = night.engine.removalCounts(planId);
    const done = pass.ended === 'done';
    if (done) store.forgetPlan(planId);
    if (json)
      io.stdout.write(
        `${JSON.stringify({ planId, place, ended: pass.ended, ...counts, forgotten: done })}\n`,
      );
    else {
      io.stdout.write(`${removalText(counts, pass, place)}\n`);
      if (done)
        io.stdout.write(`Plan ${planId} is forgotten by this Depot; the card was not touched.\n`);
      if (pass.ended === 'stopped')
        io.stdout.write('Stopped before the end: run the same command again to finish.\n');
    }
    return done ? 0 : pass.ended === 'stopped' ? 4 : 3;
  });
};

export const removeCommand: Command = {
  name: 'remove',
  summary: "take a night's deposit off the server (only its own objects)",
  run,
};

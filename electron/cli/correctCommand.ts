import { expandPrefix } from '../../shared/field/expandPrefix';
import type { Command, CommandIo } from './Command';
import { parseCommandLine } from './parseCommandLine';
import { planNumberArg } from './planNumberArg';
import { placeText, removalText } from './removalText';
import { DEFAULT_REGION } from './targetArgs';
import type { OpenNight } from './withNight';
import { withNight } from './withNight';

const USAGE = `Usage: depot correct PLAN --prefix P [--bucket NAME] [--endpoint URL] [--region R] [--path-style] [--db FILE] [--profile NAME] [--json]

Moves a night to its corrected destination (a wrong point, site or bucket typed): what it wrote
under the wrong place is taken back first (only its own objects, by its plan, each only while
the server still holds the bytes it sent; its open uploads aborted), then it is planned under
the new place, its files' checksums kept. --prefix is the night's new prefix (a template such as
'{site}/Z6/{night}' is filled with the night's own values); the options left out keep the
night's own. Then continue it with \`depot deposit\` and the new options (printed).

A programme's night is named by its fields: correct it in the app, or \`depot remove\` it and
deposit again with the right --field values.
Exit codes: 0 moved (and its old objects removed), 2 usage, 3 the old objects could not all be
removed (said with the reason; the night is moved all the same), 4 interrupted (run again).`;

/** `depot correct`: parse, then the night moved to its new place (`withNight`, `correctNight`). */
const run = async (argv: readonly string[], io: CommandIo): Promise<number> => {
  const parsed = parseCommandLine('correct', USAGE, argv, io, {
    prefix: { type: 'string' },
    bucket: { type: 'string' },
    endpoint: { type: 'string' },
    region: { type: 'string' },
    'path-style': { type: 'boolean' },
    db: { type: 'string' },
    profile: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const usage = (message: string): number => {
    io.stderr.write(`depot correct: ${message}\n`);
    return 2;
  };
  const arg = planNumberArg('correct', io, positionals[0]);
  if ('exit' in arg) return arg.exit;
  if (arg.plan === undefined) return usage(`give the plan's number (see depot status)\n\n${USAGE}`);
  if (values.prefix === undefined) return usage("--prefix is required (the night's new prefix)");
  if (values.endpoint !== undefined && !/^https?:\/\/[^/]+/.test(values.endpoint))
    return usage(`--endpoint "${values.endpoint}" is not an http(s) URL`);
  const newPrefix = values.prefix;
  return withNight(
    'correct',
    io,
    arg.plan,
    values,
    (open) => correctNight(open, { ...values, prefix: newPrefix }, io, usage),
    (plan) =>
      plan.programme === null
        ? undefined
        : `plan ${plan.id} is named by the programme profile "${plan.programme.name}": correct it in the app, or depot remove ${plan.id} and deposit again with the right --field values`,
  );
};

/**
 * The night moved (`correctDestination`: its new target and its prefix filled with its own
 * values), its old objects taken back (`workRemovals`), and what to run next; the exit code.
 */
const correctNight = async (
  { plan, night, credentials }: OpenNight,
  values: {
    readonly prefix: string;
    readonly endpoint?: string | undefined;
    readonly region?: string | undefined;
    readonly 'path-style'?: boolean | undefined;
    readonly bucket?: string | undefined;
    readonly json: boolean;
  },
  io: CommandIo,
  usage: (message: string) => number,
): Promise<number> => {
  const planId = plan.id;
  const own = night.target;
  const target = {
    endpoint: values.endpoint === undefined ? own.endpoint : new URL(values.endpoint).origin,
    region: values.region ?? own.region,
    pathStyle: values['path-style'] ?? own.pathStyle,
    bucket: values.bucket ?? own.bucket,
    credentialId: credentials.accessKeyId,
  };
  const strings = Object.fromEntries(
    Object.entries(plan.metadata).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  let prefix: string;
  try {
    prefix = values.prefix.includes('{') ? expandPrefix(values.prefix, strings) : values.prefix;
  } catch (error) {
    return usage(`--prefix "${values.prefix}": ${error instanceof Error ? error.message : ''}`);
  }
  const from = placeText(plan);
  const report = night.engine.correctDestination(planId, {
    target,
    prefix,
    metadata: plan.metadata,
    programme: null,
    by: 'volunteer',
    removeOld: true,
    at: Date.now(),
  });
  const to = placeText({ endpoint: target.endpoint, bucket: target.bucket, prefix });
  if (!report.moved) {
    io.stdout.write(`Plan ${planId} already goes to ${to}: nothing to correct.\n`);
    return 0;
  }
  const pass = await night.engine.workRemovals(planId, io.signal);
  const counts = night.engine.removalCounts(planId);
  const next = `depot deposit ${JSON.stringify(plan.dir)} --endpoint ${target.endpoint} --bucket ${target.bucket} --prefix ${JSON.stringify(prefix)}${target.pathStyle ? ' --path-style' : ''}${target.region === DEFAULT_REGION ? '' : ` --region ${target.region}`}`;
  if (values.json)
    io.stdout.write(
      `${JSON.stringify({ planId, from, to, ended: pass.ended, ...counts, next })}\n`,
    );
  else {
    io.stdout.write(`Plan ${planId} moved from ${from} to ${to}.\n`);
    io.stdout.write(`${removalText(counts, pass, from)}\n`);
    if (pass.ended === 'stopped')
      io.stdout.write(
        'Stopped before the old objects were all removed: run `depot deposit` as below, it finishes that first.\n',
      );
    io.stdout.write(`Continue the night with:\n  ${next}\n`);
  }
  return pass.ended === 'done' ? 0 : pass.ended === 'stopped' ? 4 : 3;
};

export const correctCommand: Command = {
  name: 'correct',
  summary: 'move a night to its corrected destination (its old objects taken back)',
  run,
};

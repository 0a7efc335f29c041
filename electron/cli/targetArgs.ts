import {
  prefixTemplateMessage,
  prefixTemplateProblem,
} from '../../shared/field/prefixTemplateProblem';
import type { CommandIo } from './Command';
import type { Programme } from './readProgramme';
import type { Credentials } from './resolveCredentials';
import { resolveCredentials } from './resolveCredentials';

/**
 * The options of a command that talks to the server (read by `targetArgs`). No defaults here: a
 * programme's profile fixes them, and only an option actually given can conflict with it.
 */
export const targetOptions = {
  endpoint: { type: 'string' },
  bucket: { type: 'string' },
  region: { type: 'string' },
  'path-style': { type: 'boolean' },
  profile: { type: 'string' },
} as const;

export const DEFAULT_REGION = 'us-east-1';

export type Target = {
  readonly endpoint: string;
  readonly bucket: string;
  readonly credentials: Credentials;
};

/** What a command addresses: the target, the signing region, the addressing and the prefix template. */
export type FolderTarget = Target & {
  readonly dir: string;
  readonly region: string;
  readonly pathStyle: boolean;
  readonly prefix: string;
};

/** The command line's options of a target (any of them may be refused by a programme). */
export type TargetValues = {
  readonly endpoint?: string;
  readonly bucket?: string;
  readonly region?: string;
  readonly 'path-style'?: boolean;
  readonly prefix?: string;
  readonly profile?: string;
};

/**
 * The target a programme's profile fixes, or the one line naming an option given on the command
 * line that says otherwise (both values): a volunteer's typo never sends a night elsewhere than
 * the programme's bucket, and an option that agrees with the profile is harmless.
 */
const withProgramme = (
  values: TargetValues,
  programme: Programme | undefined,
): TargetValues | { readonly problem: string } => {
  if (programme === undefined) return values;
  const { destination, names } = programme.profile;
  // A portal's profile fixes no bucket: its command takes another path (`portalDeposit`).
  if (destination.kind !== 's3')
    return {
      problem: `the programme profile ${programme.path} sends nights to a portal, not a bucket`,
    };
  const fixed = {
    endpoint: destination.endpoint,
    bucket: destination.bucket,
    region: destination.region,
    'path-style': destination.pathStyle,
    prefix: names.prefix,
  } as const;
  for (const option of ['endpoint', 'bucket', 'region', 'path-style', 'prefix'] as const) {
    const given = values[option];
    if (given === undefined || given === fixed[option]) continue;
    const shown = (v: string | boolean): string =>
      typeof v === 'boolean' ? (v ? 'path-style' : 'virtual-hosted') : `"${v}"`;
    return {
      problem: `--${option}${typeof given === 'boolean' ? '' : ` ${shown(given)}`} conflicts with the programme profile ${programme.path}, which fixes ${option === 'path-style' ? 'the addressing' : `the ${option}`} to ${shown(fixed[option])}: leave --${option} out`,
    };
  }
  return { ...values, ...fixed };
};

/**
 * `--endpoint`, `--bucket` and the credentials (environment or `--profile`), as every command
 * that talks to the server needs them, or the message saying what to fix.
 */
export const targetArgs = (
  values: { readonly endpoint?: string; readonly bucket?: string; readonly profile?: string },
  io: CommandIo,
): Target | { readonly problem: string } => {
  const { endpoint, bucket } = values;
  if (endpoint === undefined)
    return { problem: '--endpoint URL is required (e.g. https://s3.example.org)' };
  if (!/^https?:\/\/[^/]+/.test(endpoint))
    return { problem: `--endpoint "${endpoint}" is not an http(s) URL` };
  if (bucket === undefined || bucket === '') return { problem: '--bucket NAME is required' };
  const credentials = resolveCredentials(io.env, values.profile);
  if (credentials === undefined) {
    return {
      problem:
        'no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or use --profile / AWS_PROFILE',
    };
  }
  return { endpoint, bucket, credentials };
};

/** A usage error of `depot <command>`: the message on stderr, exit code 2. */
export const usageErrorFor =
  (command: string, io: CommandIo) =>
  (message: string): number => {
    io.stderr.write(`depot ${command}: ${message}\n`);
    return 2;
  };

/**
 * `depot deposit` and `depot verify` both take exactly one folder and a target; a number is the
 * exit code of the usage error already written.
 */
export const folderAndTarget = (
  positionals: readonly string[],
  given: TargetValues,
  io: CommandIo,
  usage: string,
  usageError: (message: string) => number,
  programme?: Programme,
): FolderTarget | number => {
  if (positionals.length !== 1) return usageError(`give exactly one folder\n\n${usage}`);
  const values = withProgramme(given, programme);
  if ('problem' in values) return usageError(values.problem);
  // Before the folder is read and before any server is contacted (issue 12).
  // Placeholders and braces are named when the template is expanded (still before the network).
  const problem = values.prefix === undefined ? undefined : prefixTemplateProblem(values.prefix);
  if (
    problem !== undefined &&
    problem.kind !== 'unknown-placeholder' &&
    problem.kind !== 'unbalanced-brace'
  )
    return usageError(prefixTemplateMessage(values.prefix ?? '', problem));
  const target = targetArgs(values, io);
  if ('problem' in target) return usageError(target.problem);
  return {
    ...target,
    dir: positionals[0] ?? '',
    region: values.region ?? DEFAULT_REGION,
    pathStyle: values['path-style'] ?? false,
    prefix: values.prefix ?? '',
  };
};

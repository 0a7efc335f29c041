import {
  prefixTemplateMessage,
  prefixTemplateProblem,
} from '../../shared/field/prefixTemplateProblem';
import type { CommandIo } from './Command';
import type { Credentials } from './resolveCredentials';
import { resolveCredentials } from './resolveCredentials';

/** The options of a command that talks to the server (read by `targetArgs`, and the region). */
export const targetOptions = {
  endpoint: { type: 'string' },
  bucket: { type: 'string' },
  region: { type: 'string', default: 'us-east-1' },
  'path-style': { type: 'boolean', default: false },
  profile: { type: 'string' },
} as const;

export type Target = {
  readonly endpoint: string;
  readonly bucket: string;
  readonly credentials: Credentials;
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
  values: Parameters<typeof targetArgs>[0] & { readonly prefix?: string },
  io: CommandIo,
  usage: string,
  usageError: (message: string) => number,
): (Target & { readonly dir: string }) | number => {
  if (positionals.length !== 1) return usageError(`give exactly one folder\n\n${usage}`);
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
  return { ...target, dir: positionals[0] ?? '' };
};

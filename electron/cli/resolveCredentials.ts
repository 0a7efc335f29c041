import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export type Credentials = {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
};

/** Minimal INI reading of `~/.aws/credentials`: `[name]` sections of `key = value` lines. */
const readProfile = (file: string, name: string): Record<string, string> | undefined => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  let current: string | undefined;
  const values: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[\s*(?:profile\s+)?([^\]]+?)\s*\]$/.exec(line);
    if (section !== null) {
      current = section[1];
      continue;
    }
    const pair = /^([^=]+?)\s*=\s*(.*)$/.exec(line);
    if (pair !== null && current === name) values[(pair[1] ?? '').toLowerCase()] = pair[2] ?? '';
  }
  return Object.keys(values).length === 0 ? undefined : values;
};

/**
 * The standard AWS sources, in their usual order: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY
 * (+ AWS_SESSION_TOKEN), else the profile (`--profile`, AWS_PROFILE or `default`) of
 * AWS_SHARED_CREDENTIALS_FILE or ~/.aws/credentials. Undefined when none is found.
 */
export const resolveCredentials = (
  env: NodeJS.ProcessEnv,
  profile?: string,
): Credentials | undefined => {
  const id = env['AWS_ACCESS_KEY_ID'];
  const secret = env['AWS_SECRET_ACCESS_KEY'];
  if (
    profile === undefined &&
    id !== undefined &&
    id !== '' &&
    secret !== undefined &&
    secret !== ''
  ) {
    const token = env['AWS_SESSION_TOKEN'];
    return token
      ? { accessKeyId: id, secretAccessKey: secret, sessionToken: token }
      : { accessKeyId: id, secretAccessKey: secret };
  }
  const name = profile ?? env['AWS_PROFILE'] ?? 'default';
  const file =
    env['AWS_SHARED_CREDENTIALS_FILE'] ?? join(env['HOME'] ?? homedir(), '.aws', 'credentials');
  const values = readProfile(file, name);
  const key = values?.['aws_access_key_id'];
  const secretKey = values?.['aws_secret_access_key'];
  if (key === undefined || secretKey === undefined) return undefined;
  const token = values?.['aws_session_token'];
  return token
    ? { accessKeyId: key, secretAccessKey: secretKey, sessionToken: token }
    : { accessKeyId: key, secretAccessKey: secretKey };
};

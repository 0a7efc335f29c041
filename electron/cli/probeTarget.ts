import { monotonicClock } from '../runtime/monotonicClock';
import { probeEndpoint } from '../s3/probeEndpoint';
import { certificateAdvice } from './certificateAdvice';
import { clockAdvice } from './clockAdvice';
import type { EndpointVerdict } from '../s3/probeEndpoint';
import { S3ObjectStore } from '../s3/S3ObjectStore';
import type { CommandIo } from './Command';
import type { Target } from './targetArgs';

/** The probe's bound: a network that is down gets the commands' usual patient waiting after it. */
const PROBE_MS = 15_000;

/** The one line for a verdict that no waiting would fix, or undefined to carry on. */
export const configurationProblem = (
  verdict: EndpointVerdict,
  endpoint: string,
  bucket: string,
): string | undefined => {
  switch (verdict.kind) {
    case 'nothing-listens':
      return `nothing listens at ${endpoint} (connection refused): check --endpoint (scheme, host and port)`;
    case 'not-s3':
      return `${endpoint} does not answer like an S3 server (HTTP ${verdict.status}, no S3 listing): check --endpoint; it may be a web page or a proxy`;
    case 'bucket-missing':
      return `the bucket "${bucket}" does not exist on ${endpoint}: create it, or check --bucket`;
    case 'auth':
      return `${endpoint} refused the credentials (${verdict.status} ${verdict.code}): the access key or its secret is wrong; check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or --profile)`;
    case 'certificate':
      return certificateAdvice(verdict.problem, verdict.code, endpoint);
    case 'clock':
      return clockAdvice(verdict.skewMs, 'run the same command again');
    case 'refused':
      return `${endpoint} refused to list the bucket "${bucket}" (${verdict.status} ${verdict.code}): check --endpoint, --bucket, --region and --path-style`;
    case 'ok':
    case 'cannot-list':
    case 'unreachable':
    case 'transient':
    case 'aborted':
      return undefined;
  }
};

/**
 * What the probe found: carry on (`answered`: whether the server answered, so nothing more need
 * be asked before planning), stopped (exit 4), or the one line of exit 2.
 */
export type ProbeOutcome =
  | undefined
  | {
      readonly exit: undefined;
      readonly answered: boolean;
      /** False when the key may not list the prefix (AccessDenied): a write-only key. */
      readonly listed: boolean;
    }
  | { readonly exit: 4 }
  | { readonly exit: 2; readonly line: string };

/**
 * The probe, saying nothing: for a command that reads its folder meanwhile (`depot deposit`). It
 * lists `prefix` (the fixed part of the night's prefix template) with max-keys 0: nothing outside
 * the night's folder is asked (issue 29).
 */
export const probeOutcome = async (
  command: string,
  target: Target & { readonly region: string; readonly pathStyle: boolean },
  prefix: string,
  signal: AbortSignal,
): Promise<ProbeOutcome> => {
  const store = new S3ObjectStore({
    endpoint: target.endpoint,
    region: target.region,
    bucket: target.bucket,
    credentials: target.credentials,
    forcePathStyle: target.pathStyle,
  });
  try {
    const verdict = await probeEndpoint((i, o) => store.probeListing(i, o), prefix, {
      deadline: monotonicClock.now() + PROBE_MS,
      signal,
    });
    if (verdict.kind === 'aborted') return { exit: 4 };
    const problem = configurationProblem(verdict, store.endpoint, target.bucket);
    if (problem !== undefined) return { exit: 2, line: `depot ${command}: ${problem}\n` };
    return {
      exit: undefined,
      answered: verdict.kind === 'ok' || verdict.kind === 'cannot-list',
      listed: verdict.kind !== 'cannot-list',
    };
  } finally {
    store.destroy();
  }
};

/**
 * The endpoint probe of `depot deposit` and `depot verify`, before planning: exit 2 with one
 * line naming the endpoint when it is misconfigured, 4 when stopped, undefined to carry on (a
 * network that is down, a busy server: the command then waits as it always did).
 */
export const probeTarget = async (
  command: string,
  io: CommandIo,
  target: Target & { readonly region: string; readonly pathStyle: boolean },
  prefix: string,
): Promise<number | undefined> => said(io, await probeOutcome(command, target, prefix, io.signal));

/** The outcome's line written, and its exit code. */
export const said = (io: CommandIo, outcome: ProbeOutcome): number | undefined => {
  if (outcome === undefined) return undefined;
  if (outcome.exit === 2) io.stderr.write(outcome.line);
  return outcome.exit;
};

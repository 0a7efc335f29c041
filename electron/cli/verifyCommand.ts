import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { depositableFiles } from '../../shared/field/depositableFiles';
import { expandPrefix, PrefixTemplateError } from '../../shared/field/expandPrefix';
import { objectKey } from '../../shared/field/objectKey';
import { prefixValues } from '../../shared/field/prefixValues';
import type { EmissionOptions } from '../../shared/ports/ObjectStore';
import type { Outcome } from '../../shared/retry/Outcome';
import { RetryPolicy } from '../../shared/retry/RetryPolicy';
import { MANIFEST_NAME } from '../engine/buildManifest';
import { runPreflight } from '../field/runPreflight';
import { systemClock } from '../runtime/systemClock';
import { systemRandom } from '../runtime/systemRandom';
import { timerSleeper } from '../runtime/timerSleeper';
import { S3ObjectStore } from '../s3/S3ObjectStore';
import { ScanError } from '../scan/ScanError';
import type { Command, CommandIo } from './Command';
import { resolveCredentials } from './resolveCredentials';

const USAGE = `Usage: depot verify DIR --endpoint URL --bucket NAME --prefix P [--region R] [--path-style]
                    [--profile NAME] [--tz ZONE] [--skip-invalid] [--json]

Compares the local files with what the server lists and holds under the prefix (size and
SHA-256 metadata, and the manifest), changing nothing. Reports missing, differing and unexpected
objects. Exit codes: 0 everything matches and the manifest is there; 3 differences; 4 could not
verify (the listing or a check failed: nothing is concluded); 2 usage error.`;

class CouldNotVerify extends Error {}

export type VerifyReport = {
  readonly bucket: string;
  readonly prefix: string;
  readonly files: number;
  readonly verified: number;
  readonly missing: readonly string[];
  readonly differing: readonly { readonly path: string; readonly reason: string }[];
  readonly unexpected: readonly string[];
  readonly manifest: { readonly present: boolean; readonly size?: number };
};

const sha256Of = async (path: string): Promise<string> => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, {
    highWaterMark: 1024 * 1024,
  }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
  }
  return hash.digest('hex');
};

const run = async (argv: readonly string[], io: CommandIo): Promise<number> => {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        endpoint: { type: 'string' },
        bucket: { type: 'string' },
        prefix: { type: 'string', default: '' },
        region: { type: 'string', default: 'us-east-1' },
        'path-style': { type: 'boolean', default: false },
        profile: { type: 'string' },
        tz: { type: 'string' },
        'skip-invalid': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.stderr.write(
      `depot verify: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`,
    );
    return 2;
  }
  const { values: v, positionals } = parsed;
  if (v.help) {
    io.stdout.write(USAGE + '\n');
    return 0;
  }
  const usageError = (message: string): number => {
    io.stderr.write(`depot verify: ${message}\n`);
    return 2;
  };
  if (positionals.length !== 1) return usageError(`give exactly one folder\n\n${USAGE}`);
  const dir = positionals[0] ?? '';
  if (v.endpoint === undefined || !/^https?:\/\/[^/]+/.test(v.endpoint))
    return usageError('--endpoint must be an http(s) URL');
  if (v.bucket === undefined || v.bucket === '') return usageError('--bucket NAME is required');
  const credentials = resolveCredentials(io.env, v.profile);
  if (credentials === undefined)
    return usageError(
      'no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or use --profile',
    );

  let report;
  try {
    report = await runPreflight(dir, {
      signal: io.signal,
      ...(v.tz === undefined ? {} : { tz: v.tz }),
    });
  } catch (error) {
    if (error instanceof ScanError || error instanceof RangeError) return usageError(error.message);
    throw error;
  }
  let prefix: string;
  try {
    prefix = expandPrefix(v.prefix, prefixValues(report));
  } catch (error) {
    if (error instanceof PrefixTemplateError) return usageError(error.message);
    throw error;
  }
  const local = depositableFiles(report, { skipBlocking: v['skip-invalid'] });
  const store = new S3ObjectStore({
    endpoint: v.endpoint,
    region: v.region,
    bucket: v.bucket,
    credentials,
    forcePathStyle: v['path-style'],
  });
  const policy = new RetryPolicy({
    clock: systemClock,
    sleeper: timerSleeper,
    random: systemRandom,
  });
  const ask = async <T>(
    operation: string,
    emit: (o: EmissionOptions) => Promise<Outcome<T>>,
  ): Promise<T> => {
    const r = await policy.run(
      {
        endpoint: store.endpoint,
        profile: 'brief',
        deadline: Date.now() + 120_000,
        signal: io.signal,
        operation,
      },
      (ctx) =>
        emit({
          deadline: ctx.deadline,
          clockOffsetMs: ctx.clockOffsetMs,
          ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
        }),
    );
    if (r.kind === 'success') return r.value;
    const last = r.last;
    const why =
      last === undefined
        ? r.reason
        : last.kind === 'refused'
          ? `${last.status} ${last.code ?? ''}`.trim()
          : last.kind === 'unreachable'
            ? `unreachable (${last.reason})`
            : last.kind;
    throw new CouldNotVerify(`${operation}: ${why}`);
  };
  try {
    const listPrefix = prefix === '' ? '' : `${objectKey(prefix, 'x').slice(0, -1)}`;
    const listed = await ask(`ListObjects ${listPrefix}`, (o) =>
      store.listObjects({ prefix: listPrefix }, o),
    );
    const remote = new Map(listed.map((o) => [o.key, o]));
    const manifestKey = objectKey(prefix, MANIFEST_NAME);
    const missing: string[] = [];
    const differing: { path: string; reason: string }[] = [];
    let verified = 0;
    const expected = new Set<string>([manifestKey]);
    for (const relPath of local) {
      io.signal.throwIfAborted();
      const key = objectKey(prefix, relPath);
      expected.add(key);
      const file = report.files.find((f) => f.relPath === relPath);
      const object = remote.get(key);
      if (object === undefined) {
        missing.push(relPath);
        continue;
      }
      if (file !== undefined && object.size !== file.size) {
        differing.push({
          path: relPath,
          reason: `size ${object.size} on the server, ${file.size} here`,
        });
        continue;
      }
      const head = await ask(`HeadObject ${key}`, (o) => store.headObject({ key }, o));
      const localSha = await sha256Of(join(report.root, relPath));
      if (head === undefined) missing.push(relPath);
      else if (head.metadata['sha256'] !== localSha) {
        differing.push({
          path: relPath,
          reason:
            head.metadata['sha256'] === undefined
              ? 'no SHA-256 metadata on the server'
              : 'SHA-256 differs',
        });
      } else verified += 1;
    }
    const unexpected = listed.filter((o) => !expected.has(o.key)).map((o) => o.key);
    const manifest = remote.get(manifestKey);
    const result: VerifyReport = {
      bucket: v.bucket,
      prefix,
      files: local.length,
      verified,
      missing,
      differing,
      unexpected,
      manifest:
        manifest === undefined ? { present: false } : { present: true, size: manifest.size },
    };
    if (v.json) io.stdout.write(JSON.stringify(result) + '\n');
    else {
      const lines = [
        `Verified s3://${v.bucket}/${prefix}: ${verified}/${local.length} files identical (size and SHA-256)`,
        `  missing: ${missing.length}, differing: ${differing.length}, unexpected on the server: ${unexpected.length}`,
        `  manifest ${manifestKey}: ${manifest === undefined ? 'absent' : `present (${manifest.size} bytes)`}`,
        ...missing.map((p) => `  MISSING ${p}`),
        ...differing.map((d) => `  DIFFERS ${d.path}: ${d.reason}`),
        ...unexpected.map((k) => `  UNEXPECTED ${k}`),
      ];
      io.stdout.write(lines.join('\n') + '\n');
    }
    const clean =
      missing.length === 0 &&
      differing.length === 0 &&
      unexpected.length === 0 &&
      manifest !== undefined;
    return clean ? 0 : 3;
  } catch (error) {
    if (error instanceof CouldNotVerify) {
      io.stderr.write(
        `depot verify: could not verify: ${error.message}. Nothing is concluded; try again.\n`,
      );
      return 4;
    }
    if (io.signal.aborted) {
      io.stderr.write('depot verify: interrupted, nothing concluded\n');
      return 4;
    }
    throw error;
  } finally {
    store.destroy();
  }
};

export const verifyCommand: Command = {
  name: 'verify',
  summary: 'compare a folder with what the server holds (changes nothing)',
  run,
};

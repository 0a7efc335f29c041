import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { depositableFiles } from '../../shared/field/depositableFiles';
import { objectKey } from '../../shared/field/objectKey';
import type { EmissionOptions } from '../../shared/ports/ObjectStore';
import { OBJECT_TOO_LARGE } from '../../shared/ports/ObjectStore';
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
import { parseCommandLine } from './parseCommandLine';
import { reportPrefix } from './reportPrefix';
import { folderAndTarget, targetOptions, usageErrorFor } from './targetArgs';
import { parseManifest } from './parseManifest';

const USAGE = `Usage: depot verify DIR --endpoint URL --bucket NAME --prefix P [--region R] [--path-style]
                    [--profile NAME] [--tz ZONE] [--skip-invalid] [--json]

Compares the local files with what the server lists and holds under the prefix (size and
SHA-256 metadata, and the manifest), changing nothing. Reports missing, differing and unexpected
objects, and manifest entries that disagree with the local files or the listing (key, size,
SHA-256), or a manifest that cannot be read as one. Exit codes: 0 everything matches and the
manifest is there and agrees; 3 differences; 4 could not verify (the listing or a check failed:
nothing is concluded); 2 usage error.`;

// A manifest lists ~200 bytes per file: this is far beyond any night, and bounds memory.
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

class CouldNotVerify extends Error {}
class TooLarge extends Error {}

export type VerifyReport = {
  readonly bucket: string;
  readonly prefix: string;
  readonly files: number;
  readonly verified: number;
  readonly missing: readonly string[];
  readonly differing: readonly { readonly path: string; readonly reason: string }[];
  readonly unexpected: readonly string[];
  readonly manifest: {
    readonly present: boolean;
    readonly size?: number;
    /** Why the manifest could not be used (not JSON, not a Depot manifest, too large). */
    readonly invalid?: string;
    /** Entries that disagree with the local files or with the listing. */
    readonly disagreements: readonly { readonly key: string; readonly reason: string }[];
  };
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
  const parsed = parseCommandLine('verify', USAGE, argv, io, {
    ...targetOptions,
    prefix: { type: 'string', default: '' },
    tz: { type: 'string' },
    'skip-invalid': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  });
  if (typeof parsed === 'number') return parsed;
  const { values: v, positionals } = parsed;
  const usageError = usageErrorFor('verify', io);
  const target = folderAndTarget(positionals, v, io, USAGE, usageError);
  if (typeof target === 'number') return target;
  const { dir, endpoint, bucket, credentials } = target;

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
  const prefix = reportPrefix(v.prefix, report, usageError);
  if (typeof prefix === 'number') return prefix;
  const local = depositableFiles(report, { skipBlocking: v['skip-invalid'] });
  const store = new S3ObjectStore({
    endpoint: endpoint,
    region: v.region,
    bucket,
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
    if (last?.kind === 'refused' && last.code === OBJECT_TOO_LARGE) throw new TooLarge();
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
  /** The manifest's text; one too large to read, or gone since the listing, is invalid as such. */
  const getManifest = async (
    key: string,
  ): Promise<{ kind: 'read'; text: string } | { kind: 'invalid'; problem: string }> => {
    try {
      const bytes = await ask(`GetObject ${key}`, (o) =>
        store.getObject({ key, maxBytes: MANIFEST_MAX_BYTES }, o),
      );
      if (bytes === undefined) return { kind: 'invalid', problem: 'listed, but gone when read' };
      return { kind: 'read', text: Buffer.from(bytes).toString('utf8') };
    } catch (error) {
      if (error instanceof TooLarge) {
        return { kind: 'invalid', problem: `larger than ${MANIFEST_MAX_BYTES} bytes: not read` };
      }
      throw error;
    }
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
    const localSha = new Map<string, string>();
    const shaOf = async (relPath: string): Promise<string> => {
      let sha = localSha.get(relPath);
      if (sha === undefined) {
        sha = await sha256Of(join(report.root, relPath));
        localSha.set(relPath, sha);
      }
      return sha;
    };
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
      const sha = await shaOf(relPath);
      if (head === undefined) missing.push(relPath);
      else if (head.metadata['sha256'] !== sha) {
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
    let invalid: string | undefined;
    const disagreements: { key: string; reason: string }[] = [];
    if (manifest !== undefined) {
      const got = await getManifest(manifestKey);
      const parsed = got.kind === 'read' ? parseManifest(got.text) : got;
      if (parsed.kind !== 'manifest') invalid = parsed.problem;
      else {
        const localByKey = new Map(
          local.map((relPath) => [objectKey(prefix, relPath), relPath] as const),
        );
        const sizeOf = new Map(report.files.map((f) => [f.relPath, f.size] as const));
        const inManifest = new Set<string>();
        for (const entry of parsed.files) {
          io.signal.throwIfAborted();
          inManifest.add(entry.key);
          const say = (reason: string): void => {
            disagreements.push({ key: entry.key, reason });
          };
          const listedObject = remote.get(entry.key);
          if (listedObject === undefined) say('in the manifest, not on the server');
          else if (listedObject.size !== entry.size)
            say(`the manifest says ${entry.size} bytes, the server lists ${listedObject.size}`);
          const relPath = localByKey.get(entry.key);
          if (relPath === undefined) {
            say('in the manifest, no such local file');
            continue;
          }
          const size = sizeOf.get(relPath);
          if (size !== entry.size) say(`the manifest says ${entry.size} bytes, ${size} here`);
          else if (entry.sha256 !== (await shaOf(relPath)))
            say('the manifest SHA-256 differs from the local file');
        }
        for (const [key] of localByKey) {
          if (!inManifest.has(key)) disagreements.push({ key, reason: 'not in the manifest' });
        }
      }
    }
    const result: VerifyReport = {
      bucket,
      prefix,
      files: local.length,
      verified,
      missing,
      differing,
      unexpected,
      manifest:
        manifest === undefined
          ? { present: false, disagreements }
          : {
              present: true,
              size: manifest.size,
              ...(invalid === undefined ? {} : { invalid }),
              disagreements,
            },
    };
    if (v.json) io.stdout.write(JSON.stringify(result) + '\n');
    else {
      const lines = [
        `Verified s3://${bucket}/${prefix}: ${verified}/${local.length} files identical (size and SHA-256)`,
        `  missing: ${missing.length}, differing: ${differing.length}, unexpected on the server: ${unexpected.length}`,
        `  manifest ${manifestKey}: ${manifest === undefined ? 'absent' : `present (${manifest.size} bytes)`}` +
          (invalid === undefined
            ? manifest === undefined
              ? ''
              : `, ${disagreements.length} disagreement(s)`
            : `, INVALID: ${invalid}`),
        ...missing.map((p) => `  MISSING ${p}`),
        ...differing.map((d) => `  DIFFERS ${d.path}: ${d.reason}`),
        ...unexpected.map((k) => `  UNEXPECTED ${k}`),
        ...disagreements.map((d) => `  MANIFEST ${d.key}: ${d.reason}`),
      ];
      io.stdout.write(lines.join('\n') + '\n');
    }
    const clean =
      missing.length === 0 &&
      differing.length === 0 &&
      unexpected.length === 0 &&
      manifest !== undefined &&
      invalid === undefined &&
      disagreements.length === 0;
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

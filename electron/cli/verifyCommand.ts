import { PagedListing } from '../../shared/wire/PagedListing';
import type { ListedObject } from '../../shared/ports/ObjectStore';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { depositableFiles } from '../../shared/field/depositableFiles';
import { objectKey } from '../../shared/field/objectKey';
import type { EmissionOptions } from '../../shared/ports/ObjectStore';
import type { Outcome } from '../../shared/retry/Outcome';
import {
  DEPOT_FOLDER,
  LEGACY_MANIFEST_NAME,
  listingPrefix,
  nightManifestPrefix,
} from '../../shared/wire/nightManifestKey';
import { proveSameContent } from '../../shared/wire/proveSameContent';
import { choosePartSize } from '../engine/choosePartSize';
import { defaultEngineSettings } from '../engine/EngineSettings';
import { hashFile } from '../hashing/hashFile';
import { multipartEtag } from '../engine/multipartEtag';
import { runPreflight } from '../field/runPreflight';
import { fsSourceReader } from '../runtime/fsSourceReader';
import { S3ObjectStore } from '../s3/S3ObjectStore';
import { ScanError } from '../scan/ScanError';
import { certificateAdvice } from './certificateAdvice';
import { ENDLESS_LISTING } from './describeCause';
import type { Command, CommandIo } from './Command';
import { parseCommandLine } from './parseCommandLine';
import { probeOutcome, said } from './probeTarget';
import { fixedPrefix } from '../../shared/field/fixedPrefix';
import { deniedSentence } from './describeCause';
import { chooseNights } from './chooseNights';
import type { NightInputs } from './chooseNights';
import { nameNights } from './nameNights';
import { programmeOptions, readProgramme } from './readProgramme';
import { skipOtherFiles } from '../../shared/programme/nameFiles';
import { folderAndTarget, targetOptions, usageErrorFor } from './targetArgs';
import { parseManifest } from './parseManifest';
import { chooseManifest } from './chooseManifest';
import { portalVerify } from './portalVerify';
import { verifyAsker } from './verifyAsker';

const USAGE = `Usage: depot verify DIR --endpoint URL --bucket NAME --prefix P [--region R] [--path-style]
                    [--night DATE] [--profile NAME] [--tz ZONE] [--skip-invalid] [--read-back]
                    [--json]
       depot verify DIR --programme FILE --field NAME=VALUE ... [options]

Compares the local files with what the server lists and holds under the prefix, changing
nothing. "Identical" is proved by a checksum the server computed over its bytes (the ETag: the
MD5 of a single upload, or the multipart ETag of Depot's part layout), never by metadata. An
object uploaded with another part layout is "present, content unproven"; --read-back reads such
objects and compares their SHA-256 with the local file's. Finds the night's own manifest (under
PREFIX/.depot/, or the older PREFIX/depot-manifest.json) and reports entries that disagree with
the local files or the listing. A folder of several nights deposited with {night} in --prefix
is verified night by night, each under its own date (--json prints one line per night); --night
DATE verifies one. It lists and reads the night's folder only: a key that may not list it (a
write-only "drop box" key) is told so in one line. With --programme and the same --field values as
the deposit, each file is looked for under the name the profile gave it (files that cannot be
named are refused, exit 2, or left out with --skip-invalid). With a profile that names a portal
(Vigie-Chiro), give the night's --participation ID and the sign-in (--token or DEPOT_PORTAL_TOKEN):
the participation's files are listed and each of the folder's names must be there and available;
--read-back reads each file through the portal's signed GET URL and compares SHA-256. Exit codes: 0 everything proved
identical and the manifest there and agreeing; 3 differences or unproven content; 4 could not
verify (the listing or a check failed: nothing is concluded); 2 usage or configuration error, or a
key that may not list or read the night's folder.`;

// A manifest lists ~200 bytes per file: this is far beyond any night, and bounds memory.
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

class CouldNotVerify extends Error {}

/** Verify reads a listing: a key that may not list (a write-only key) can verify nothing. */
const cannotList = (bucket: string, prefix: string): string =>
  `${deniedSentence({ action: 'list', bucket, folder: prefix })} (AccessDenied): verifying needs a key that may list the night's folder; this one may only deposit`;

/** A request refused by the bucket's policy: said in one line, exit 2 (not "could not verify"). */
class Denied extends Error {}

export type VerifyReport = {
  readonly bucket: string;
  readonly prefix: string;
  readonly files: number;
  readonly verified: number;
  readonly missing: readonly string[];
  readonly differing: readonly { readonly path: string; readonly reason: string }[];
  /** Present with the same size, but nothing the server computed proves the bytes (no --read-back). */
  readonly unproven: readonly string[];
  readonly unexpected: readonly string[];
  readonly manifest: {
    readonly present: boolean;
    /** The manifest chosen: the night's own (the one listing exactly these files), newest first. */
    readonly key?: string;
    readonly size?: number;
    /** Why the manifest could not be used (not JSON, not a Depot manifest, too large). */
    readonly invalid?: string;
    /** Entries that disagree with the local files or with the listing. */
    readonly disagreements: readonly { readonly key: string; readonly reason: string }[];
  };
};

const run = async (argv: readonly string[], io: CommandIo): Promise<number> => {
  const parsed = parseCommandLine('verify', USAGE, argv, io, {
    ...targetOptions,
    ...programmeOptions,
    prefix: { type: 'string' },
    night: { type: 'string' },
    tz: { type: 'string' },
    'skip-invalid': { type: 'boolean', default: false },
    'read-back': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    token: { type: 'string' },
    participation: { type: 'string' },
  });
  if (typeof parsed === 'number') return parsed;
  const { values: v, positionals } = parsed;
  const usageError = usageErrorFor('verify', io);
  const programme = await readProgramme(v, usageError);
  if (typeof programme === 'number') return programme;
  if (programme?.profile.destination.kind === 'vigiechiro')
    return portalVerify(v, positionals, programme, io, usageError);
  if (v.token !== undefined || v.participation !== undefined)
    return usageError(
      '--token and --participation are for a programme whose profile names a portal (--programme FILE)',
    );
  const target = folderAndTarget(positionals, v, io, USAGE, usageError, programme);
  if (typeof target === 'number') return target;
  const { dir, endpoint, bucket, credentials } = target;
  const tz = v.tz ?? programme?.profile.defaults.timeZone;

  let report;
  try {
    report = await runPreflight(dir, {
      signal: io.signal,
      ...(tz === undefined ? {} : { tz }),
    });
  } catch (error) {
    if (error instanceof ScanError || error instanceof RangeError) return usageError(error.message);
    throw error;
  }
  if (programme !== undefined) report = skipOtherFiles(report, programme.profile.names);
  const include = depositableFiles(report, { skipBlocking: v['skip-invalid'] });
  // A night deposited under its own date ({night} in --prefix) is verified under that date.
  const chosen = chooseNights(
    'verify',
    dir,
    report,
    include,
    {
      ...v,
      prefix: target.prefix,
      ...(programme === undefined ? {} : { fields: programme.fields }),
    },
    io,
    usageError,
  );
  if (typeof chosen === 'number') return chosen;
  let named: readonly NightInputs[] = chosen;
  if (programme !== undefined) {
    // The keys the profile gave: a file it cannot name was never deposited under a name.
    const result = nameNights(report, chosen, programme, v['skip-invalid']);
    const unnamed = result.report.problems.filter((p) => p.class.startsWith('name-'));
    if (unnamed.length > 0 && !v['skip-invalid']) {
      io.stderr.write(
        `depot verify: the programme's names of ${unnamed.length} file(s) cannot be made, so their keys are unknown:\n`,
      );
      for (const p of unnamed) io.stderr.write(`  ${p.relPath}: ${p.message.en}\n`);
      io.stderr.write('Run again with --skip-invalid to verify the other files.\n');
      return 2;
    }
    named = result.nights;
  }
  const nonEmpty = named.filter((n) => n.include.length > 0);
  const nights = nonEmpty.length > 0 ? nonEmpty : named;
  // Inside the night's folder: the fixed part of the prefix template (issue 29), or the first
  // night's own prefix when the template starts with a placeholder.
  const leading = fixedPrefix(target.prefix);
  const probePrefix =
    leading === '' && target.prefix !== '' ? listingPrefix(nights[0]?.prefix ?? '') : leading;
  const probe = await probeOutcome('verify', target, probePrefix, io.signal);
  const probed = said(io, probe);
  if (probed !== undefined) return probed;
  if (probe?.exit === undefined && probe?.listed === false) {
    io.stderr.write(`depot verify: ${cannotList(bucket, probePrefix)}\n`);
    return 2;
  }
  const store = new S3ObjectStore({
    endpoint: endpoint,
    region: target.region,
    bucket,
    credentials,
    forcePathStyle: target.pathStyle,
  });
  const asked = verifyAsker(io.signal);
  const ask = async <T>(
    operation: string,
    emit: (o: EmissionOptions) => Promise<Outcome<T>>,
  ): Promise<T> => {
    const r = await asked({ endpoint: store.endpoint, profile: 'brief', operation }, emit);
    if (r.kind === 'success') return r.value;
    const last = r.last;
    if (last?.kind === 'refused' && last.status === 403 && last.code === 'AccessDenied') {
      const [verb, key = ''] = operation.split(' ');
      throw new Denied(
        `${deniedSentence({ action: verb === 'GetObject' ? 'read' : 'list', bucket, folder: key })} (AccessDenied)`,
      );
    }
    const why =
      last === undefined
        ? r.reason
        : last.kind === 'refused'
          ? `${last.status} ${last.code ?? ''}`.trim()
          : last.kind === 'unreachable'
            ? last.reason === 'incomplete-answer'
              ? "the server's answers could not be read"
              : `unreachable (${last.reason})`
            : last.kind === 'certificate'
              ? certificateAdvice(last.problem, last.code, store.endpoint)
              : last.kind;
    throw new CouldNotVerify(`${operation}: ${why}`);
  };
  /** The manifest's text; one too large to read, or gone since the listing, is invalid as such. */
  const getManifest = async (
    key: string,
  ): Promise<{ kind: 'read'; text: string } | { kind: 'invalid'; problem: string }> => {
    const read = await ask(`GetObject ${key}`, (o) =>
      store.getObject({ key, maxBytes: MANIFEST_MAX_BYTES }, o),
    );
    switch (read.kind) {
      case 'absent':
        return { kind: 'invalid', problem: 'listed, but gone when read' };
      case 'too-large':
        return { kind: 'invalid', problem: `larger than ${MANIFEST_MAX_BYTES} bytes: not read` };
      case 'bytes':
        return { kind: 'read', text: Buffer.from(read.bytes).toString('utf8') };
    }
  };
  /** One night: its files under its prefix, its own manifest; prints its report, says if clean. */
  const verifyNight = async (
    prefix: string,
    keyOf: (relPath: string) => string,
    local: readonly string[],
    /** Every file of the folder: another night's under the same prefix is not unexpected. */
    folderKeys: ReadonlySet<string>,
  ): Promise<boolean> => {
    const listPrefix = listingPrefix(prefix);
    // One page per call through the policy (ADR 0002), guarded against endless paging.
    const pages = await new PagedListing<ListedObject, string>(
      (o) => o.key,
      (token) => token,
    )
      .list(async (token) => ({
        kind: 'page' as const,
        page: await ask(`ListObjects ${listPrefix}`, (o) =>
          store.listObjectsPage({ prefix: listPrefix, token }, o),
        ),
      }))
      .catch((error: unknown) => {
        if (error instanceof Denied) throw new Denied(cannotList(bucket, listPrefix));
        throw error;
      });
    if (pages.kind === 'endless')
      throw new CouldNotVerify(`ListObjects ${listPrefix}: ${ENDLESS_LISTING}`);
    const listed = pages.items;
    const remote = new Map(listed.map((o) => [o.key, o]));
    const localByKey = new Map(local.map((relPath) => [keyOf(relPath), relPath] as const));
    // Manifests: every night's own under PREFIX/.depot/, and the one key nights shared before.
    const legacyKey = objectKey(prefix, LEGACY_MANIFEST_NAME);
    const nightPrefix = nightManifestPrefix(prefix);
    const manifestKeys = listed
      .filter(
        (o) => o.key.startsWith(nightPrefix) || (o.key === legacyKey && !localByKey.has(legacyKey)),
      )
      .map((o) => o.key);
    const manifests = [];
    for (const key of manifestKeys) {
      const got = await getManifest(key);
      manifests.push({ key, parsed: got.kind === 'read' ? parseManifest(got.text) : got });
    }
    const chosen = chooseManifest(manifests, new Set(localByKey.keys()));
    const layout = {
      partSize:
        chosen?.parsed.kind === 'manifest'
          ? (chosen.parsed.partSize ?? defaultEngineSettings.partSize)
          : defaultEngineSettings.partSize,
      threshold:
        chosen?.parsed.kind === 'manifest'
          ? (chosen.parsed.threshold ?? defaultEngineSettings.multipartThreshold)
          : defaultEngineSettings.multipartThreshold,
    };
    const missing: string[] = [];
    const differing: { path: string; reason: string }[] = [];
    const unproven: string[] = [];
    let verified = 0;
    const localSha = new Map<string, string>();
    /** One read per file: its SHA-256 and the ETag Depot's upload of it gives. */
    const digestsOf = async (
      relPath: string,
      size: number,
    ): Promise<{ sha256: string; expectedEtag: string; wholeMd5?: string }> => {
      const multipart = size >= layout.threshold;
      const partSize = multipart ? choosePartSize(size, layout.partSize) : size || 1;
      const { sha256, md5, parts } = await hashFile(
        fsSourceReader,
        join(report.root, relPath),
        size,
        partSize,
      );
      localSha.set(relPath, sha256);
      const md5s = parts.map((p) => p.md5);
      return { sha256, expectedEtag: multipart ? multipartEtag(md5s) : md5, wholeMd5: md5 };
    };
    const shaOf = async (relPath: string, size: number): Promise<string> =>
      localSha.get(relPath) ?? (await digestsOf(relPath, size)).sha256;
    // A map, not a search per file: a night of 5,000 files made 12.5 million comparisons.
    const fileByPath = new Map(report.files.map((f) => [f.relPath, f] as const));
    for (const relPath of local) {
      io.signal.throwIfAborted();
      const key = keyOf(relPath);
      const file = fileByPath.get(relPath);
      const object = remote.get(key);
      if (object === undefined || file === undefined) {
        missing.push(relPath);
        continue;
      }
      if (object.size !== file.size) {
        differing.push({
          path: relPath,
          reason: `size ${object.size} on the server, ${file.size} here`,
        });
        continue;
      }
      const digests = await digestsOf(relPath, file.size);
      let proof = proveSameContent({ size: file.size, ...digests }, object);
      if (proof.kind === 'unproven' && v['read-back']) {
        const read = await ask(`GetObject ${key}`, (o) =>
          store.getObject({ key, maxBytes: file.size }, o),
        );
        // Gone since the listing: missing now, not "unproven, --read-back compares it" to a
        // volunteer who just used --read-back (issue 30).
        if (read.kind === 'absent') {
          missing.push(relPath);
          continue;
        }
        // Longer than the local file (it grew since the listing): other bytes.
        proof =
          read.kind === 'too-large'
            ? { kind: 'different', why: 'size' }
            : createHash('sha256').update(read.bytes).digest('hex') === digests.sha256
              ? { kind: 'same' }
              : { kind: 'different', why: 'etag' };
      }
      if (proof.kind === 'same') verified += 1;
      else if (proof.kind === 'unproven') unproven.push(relPath);
      else differing.push({ path: relPath, reason: 'the server computed another checksum (ETag)' });
    }
    const depotFolder = objectKey(prefix, `${DEPOT_FOLDER}/`);
    const manifestKeySet = new Set(manifestKeys);
    const unexpected = listed
      .filter(
        (o) =>
          !folderKeys.has(o.key) && !o.key.startsWith(depotFolder) && !manifestKeySet.has(o.key),
      )
      .map((o) => o.key);
    const manifestKey = chosen?.key ?? objectKey(prefix, `${DEPOT_FOLDER}/night-*.json`);
    const manifest = chosen === undefined ? undefined : remote.get(chosen.key);
    let invalid: string | undefined;
    const disagreements: { key: string; reason: string }[] = [];
    if (chosen !== undefined) {
      const parsed = chosen.parsed;
      if (parsed.kind !== 'manifest') invalid = parsed.problem;
      else {
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
          const size = fileByPath.get(relPath)?.size;
          if (size !== entry.size) say(`the manifest says ${entry.size} bytes, ${size} here`);
          else if (entry.sha256 !== (await shaOf(relPath, size)))
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
      unproven,
      unexpected,
      manifest:
        manifest === undefined
          ? { present: false, disagreements }
          : {
              present: true,
              key: manifestKey,
              size: manifest.size,
              ...(invalid === undefined ? {} : { invalid }),
              disagreements,
            },
    };
    if (v.json) io.stdout.write(JSON.stringify(result) + '\n');
    else {
      const lines = [
        `Verified s3://${bucket}/${prefix}: ${verified}/${local.length} files identical (proved by the server's checksums${v['read-back'] ? ' or read back' : ''})`,
        `  missing: ${missing.length}, differing: ${differing.length}, present but content unproven: ${unproven.length}, unexpected on the server: ${unexpected.length}`,
        `  manifest ${manifestKey}: ${manifest === undefined ? 'absent' : `present (${manifest.size} bytes)`}` +
          (invalid === undefined
            ? manifest === undefined
              ? ''
              : `, ${disagreements.length} disagreement(s)`
            : `, INVALID: ${invalid}`),
        ...missing.map((p) => `  MISSING ${p}`),
        ...differing.map((d) => `  DIFFERS ${d.path}: ${d.reason}`),
        ...unproven.map(
          (p) => `  UNPROVEN ${p}: uploaded with another part layout; --read-back compares it`,
        ),
        ...unexpected.map((k) => `  UNEXPECTED ${k}`),
        ...disagreements.map((d) => `  MANIFEST ${d.key}: ${d.reason}`),
      ];
      io.stdout.write(lines.join('\n') + '\n');
    }
    const clean =
      missing.length === 0 &&
      differing.length === 0 &&
      unproven.length === 0 &&
      unexpected.length === 0 &&
      manifest !== undefined &&
      invalid === undefined &&
      disagreements.length === 0;
    return clean;
  };
  try {
    // A programme's name, else the file's path, under the night's prefix: as the deposit made it.
    const keyOfIn =
      (night: NightInputs) =>
      (relPath: string): string =>
        objectKey(night.prefix, night.names?.get(relPath) ?? relPath);
    const folderKeys = new Set(nights.flatMap((n) => n.include.map(keyOfIn(n))));
    let clean = true;
    for (const night of nights) {
      io.signal.throwIfAborted();
      if (!(await verifyNight(night.prefix, keyOfIn(night), night.include, folderKeys)))
        clean = false;
    }
    return clean ? 0 : 3;
  } catch (error) {
    if (error instanceof Denied) {
      io.stderr.write(`depot verify: ${error.message}\n`);
      return 2;
    }
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

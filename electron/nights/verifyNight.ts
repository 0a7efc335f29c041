import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { objectKey } from '../../shared/field/objectKey';
import type { EmissionOptions, ListedObject, ObjectStore } from '../../shared/ports/ObjectStore';
import type { Outcome } from '../../shared/retry/Outcome';
import type { SourceReader } from '../../shared/ports/SourceReader';
import type { CallResult } from '../../shared/retry/RetryCall';
import { DEPOT_FOLDER, listingPrefix } from '../../shared/wire/nightManifestKey';
import { PagedListing } from '../../shared/wire/PagedListing';
import { proveSameContent } from '../../shared/wire/proveSameContent';
import { choosePartSize } from '../engine/choosePartSize';
import { hashFile } from '../hashing/hashFile';
import { multipartEtag } from '../engine/multipartEtag';
import type { AskServer } from './askServer';
import type { FoundManifest } from './chooseManifest';
import { chooseManifest } from './chooseManifest';
import {
  filesToCompareWithManifest,
  layoutOf,
  manifestDisagreements,
  manifestKeysOf,
  readBackProof,
  sizeVerdict,
  unexpectedKeys,
} from './compareNight';
import { parseManifest } from './parseManifest';
import type { VerifyReport, VerifyStop } from './VerifyReport';

// A manifest lists ~200 bytes per file: this is far beyond any night, and bounds memory.
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/** What verifying a night reads: the server through the policy, the folder's files. */
export type NightReading = {
  readonly objects: Pick<ObjectStore, 'endpoint' | 'listObjectsPage' | 'getObject'>;
  readonly ask: AskServer;
  readonly reader: SourceReader;
  readonly signal: AbortSignal;
  readonly bucket: string;
  /** The folder, and each file's size as the pre-flight saw it. */
  readonly root: string;
  readonly sizeOf: (relPath: string) => number | undefined;
  /** Objects whose content no server checksum proves are read back and compared. */
  readonly readBack: boolean;
};

/** One night as it was deposited: its prefix, its files and their keys under it. */
export type NightToVerify = {
  readonly prefix: string;
  readonly local: readonly string[];
  readonly keyOf: (relPath: string) => string;
  /** Every file of the folder: another night's under the same prefix is not unexpected. */
  readonly folderKeys: ReadonlySet<string>;
};

type Asked<T> =
  | { readonly kind: 'answer'; readonly value: T }
  | { readonly kind: 'stopped'; readonly stop: VerifyStop };

const stopped = (stop: VerifyStop): { readonly kind: 'stopped'; readonly stop: VerifyStop } => ({
  kind: 'stopped',
  stop,
});

/** A policy's answer: the value, a refusal by the bucket's policy, or a question unanswered. */
const answerOf = <T>(
  r: CallResult<T>,
  operation: string,
  action: 'list' | 'read',
  where: string,
): Asked<T> => {
  if (r.kind === 'success') return { kind: 'answer', value: r.value };
  const last = r.last;
  if (last?.kind === 'refused' && last.status === 403 && last.code === 'AccessDenied')
    return stopped({ kind: 'denied', action, where });
  return stopped({
    kind: 'unanswered',
    operation,
    reason: r.reason,
    ...(last === undefined ? {} : { last }),
  });
};

const ask = async <T>(
  v: NightReading,
  operation: string,
  action: 'list' | 'read',
  where: string,
  emit: (o: EmissionOptions) => Promise<Outcome<T>>,
): Promise<Asked<T>> =>
  answerOf(
    await v.ask({ endpoint: v.objects.endpoint, profile: 'brief', operation }, emit),
    operation,
    action,
    where,
  );

/** The night's folder, one page per question through the policy (ADR 0002), never endless. */
const listNight = async (
  v: NightReading,
  listPrefix: string,
): Promise<Asked<readonly ListedObject[]>> => {
  const operation = `ListObjects ${listPrefix}`;
  const listing = new PagedListing<ListedObject, string>(
    (o) => o.key,
    (token) => token,
  );
  const r = await listing.list<Extract<Asked<never>, { kind: 'stopped' }>>(async (token) => {
    const page = await ask(v, operation, 'list', listPrefix, (o) =>
      v.objects.listObjectsPage({ prefix: listPrefix, token }, o),
    );
    return page.kind === 'answer' ? { kind: 'page', page: page.value } : page;
  });
  if (r.kind === 'endless') return stopped({ kind: 'endless-listing', operation });
  if (r.kind === 'listed') return { kind: 'answer', value: r.items };
  return r;
};

/** Each manifest's text, parsed; one too large to read, or gone since the listing, is invalid. */
const readManifests = async (
  v: NightReading,
  keys: readonly string[],
): Promise<Asked<readonly FoundManifest[]>> => {
  const found: FoundManifest[] = [];
  for (const key of keys) {
    const read = await ask(v, `GetObject ${key}`, 'read', key, (o) =>
      v.objects.getObject({ key, maxBytes: MANIFEST_MAX_BYTES }, o),
    );
    if (read.kind === 'stopped') return read;
    const got = read.value;
    found.push({
      key,
      parsed:
        got.kind === 'bytes'
          ? parseManifest(Buffer.from(got.bytes).toString('utf8'))
          : got.kind === 'absent'
            ? { kind: 'invalid', problem: 'listed, but gone when read' }
            : { kind: 'invalid', problem: `larger than ${MANIFEST_MAX_BYTES} bytes: not read` },
    });
  }
  return { kind: 'answer', value: found };
};

type FileVerdicts = {
  verified: number;
  readonly missing: string[];
  readonly differing: { path: string; reason: string }[];
  readonly unproven: string[];
};

const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Every local file against the listing: proved by the ETag the server computed, else (with
 * `readBack`) by reading the object back. `shas` keeps each file's SHA-256 (one read per file).
 */
const compareFiles = async (
  v: NightReading,
  night: NightToVerify,
  remote: ReadonlyMap<string, ListedObject>,
  layout: { readonly partSize: number; readonly threshold: number },
  shas: Map<string, string>,
): Promise<Asked<FileVerdicts>> => {
  const out: FileVerdicts = { verified: 0, missing: [], differing: [], unproven: [] };
  for (const relPath of night.local) {
    if (v.signal.aborted) return stopped({ kind: 'interrupted' });
    const key = night.keyOf(relPath);
    const size = v.sizeOf(relPath);
    const object = remote.get(key);
    const bySize = sizeVerdict(size, object);
    if (bySize.kind === 'missing' || size === undefined || object === undefined) {
      out.missing.push(relPath);
      continue;
    }
    if (bySize.kind === 'differs') {
      out.differing.push({ path: relPath, reason: bySize.reason });
      continue;
    }
    const digests = await digestsOf(v, relPath, size, layout);
    shas.set(relPath, digests.sha256);
    let proof = proveSameContent({ size, ...digests }, object);
    if (proof.kind === 'unproven' && v.readBack) {
      const read = await ask(v, `GetObject ${key}`, 'read', key, (o) =>
        v.objects.getObject({ key, maxBytes: size }, o),
      );
      if (read.kind === 'stopped') return read;
      const back = readBackProof(read.value, sha256Of, digests.sha256);
      if (back.kind === 'missing') {
        out.missing.push(relPath);
        continue;
      }
      proof = back;
    }
    if (proof.kind === 'same') out.verified += 1;
    else if (proof.kind === 'unproven') out.unproven.push(relPath);
    else
      out.differing.push({ path: relPath, reason: 'the server computed another checksum (ETag)' });
  }
  return { kind: 'answer', value: out };
};

/** One read per file: its SHA-256 and the ETag Depot's upload of it gives. */
const digestsOf = async (
  v: NightReading,
  relPath: string,
  size: number,
  layout: { readonly partSize: number; readonly threshold: number },
): Promise<{ sha256: string; expectedEtag: string; wholeMd5: string }> => {
  const multipart = size >= layout.threshold;
  const partSize = multipart ? choosePartSize(size, layout.partSize) : size || 1;
  const { sha256, md5, parts } = await hashFile(v.reader, {
    path: join(v.root, relPath),
    size,
    partSize,
  });
  const md5s = parts.map((p) => p.md5);
  return { sha256, expectedEtag: multipart ? multipartEtag(md5s) : md5, wholeMd5: md5 };
};

/**
 * One night: its files under its prefix and its own manifest, compared. Reads the server through
 * `ask` only (the policy), changes nothing; stops, with why, when a question is not answered.
 */
export const verifyNight = async (
  v: NightReading,
  night: NightToVerify,
): Promise<Asked<VerifyReport>> => {
  const { prefix, local, keyOf } = night;
  const listed = await listNight(v, listingPrefix(prefix));
  if (listed.kind === 'stopped') return listed;
  const remote = new Map(listed.value.map((o) => [o.key, o] as const));
  const localByKey = new Map(local.map((relPath) => [keyOf(relPath), relPath] as const));
  const manifestKeys = manifestKeysOf(listed.value, prefix, new Set(localByKey.keys()));
  const manifests = await readManifests(v, manifestKeys);
  if (manifests.kind === 'stopped') return manifests;
  const chosen = chooseManifest(manifests.value, new Set(localByKey.keys()));
  const shas = new Map<string, string>();
  const files = await compareFiles(v, night, remote, layoutOf(chosen), shas);
  if (files.kind === 'stopped') return files;
  const parsed = chosen?.parsed;
  if (parsed?.kind === 'manifest') {
    for (const relPath of filesToCompareWithManifest(parsed.files, localByKey, v.sizeOf)) {
      if (v.signal.aborted) return stopped({ kind: 'interrupted' });
      const size = v.sizeOf(relPath) ?? 0;
      if (!shas.has(relPath))
        shas.set(relPath, (await digestsOf(v, relPath, size, layoutOf(chosen))).sha256);
    }
  }
  const manifest = chosen === undefined ? undefined : remote.get(chosen.key);
  const disagreements =
    parsed?.kind === 'manifest'
      ? manifestDisagreements(parsed.files, remote, localByKey, v.sizeOf, (p) => shas.get(p))
      : [];
  const invalid = parsed?.kind === 'invalid' ? parsed.problem : undefined;
  return {
    kind: 'answer',
    value: {
      bucket: v.bucket,
      prefix,
      files: local.length,
      ...files.value,
      unexpected: unexpectedKeys(listed.value, prefix, night.folderKeys, manifestKeys),
      manifest:
        manifest === undefined
          ? { present: false, disagreements }
          : {
              present: true,
              key: chosen?.key ?? objectKey(prefix, `${DEPOT_FOLDER}/night-*.json`),
              size: manifest.size,
              ...(invalid === undefined ? {} : { invalid }),
              disagreements,
            },
    },
  };
};

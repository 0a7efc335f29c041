import { objectKey } from '../../shared/field/objectKey';
import type { ListedObject, ObjectRead } from '../../shared/ports/ObjectStore';
import type { ContentProof } from '../../shared/wire/proveSameContent';
import {
  DEPOT_FOLDER,
  LEGACY_MANIFEST_NAME,
  nightManifestPrefix,
} from '../../shared/wire/nightManifestKey';
import { defaultEngineSettings } from '../engine/EngineSettings';
import type { FoundManifest } from './chooseManifest';
import type { ManifestEntry } from './parseManifest';

/**
 * The pure half of verifying a night: what the listing, the manifest and the local files say of
 * each other, once the server was read and the files hashed (`verifyNight` does both).
 */

/** The part layout Depot's upload of the night used: the manifest's, else the defaults. */
export const layoutOf = (
  chosen: FoundManifest | undefined,
): { readonly partSize: number; readonly threshold: number } => {
  const parsed = chosen?.parsed;
  return {
    partSize:
      parsed?.kind === 'manifest'
        ? (parsed.partSize ?? defaultEngineSettings.partSize)
        : defaultEngineSettings.partSize,
    threshold:
      parsed?.kind === 'manifest'
        ? (parsed.threshold ?? defaultEngineSettings.multipartThreshold)
        : defaultEngineSettings.multipartThreshold,
  };
};

/** Manifests: every night's own under PREFIX/.depot/, and the one key nights shared before. */
export const manifestKeysOf = (
  listed: readonly ListedObject[],
  prefix: string,
  localKeys: ReadonlySet<string>,
): readonly string[] => {
  const legacyKey = objectKey(prefix, LEGACY_MANIFEST_NAME);
  const nightPrefix = nightManifestPrefix(prefix);
  return listed
    .filter(
      (o) => o.key.startsWith(nightPrefix) || (o.key === legacyKey && !localKeys.has(legacyKey)),
    )
    .map((o) => o.key);
};

/** Listed, but no file of the folder's (any night's), nor Depot's own, nor a manifest. */
export const unexpectedKeys = (
  listed: readonly ListedObject[],
  prefix: string,
  folderKeys: ReadonlySet<string>,
  manifestKeys: readonly string[],
): readonly string[] => {
  const depotFolder = objectKey(prefix, `${DEPOT_FOLDER}/`);
  const manifests = new Set(manifestKeys);
  return listed
    .filter(
      (o) => !folderKeys.has(o.key) && !o.key.startsWith(depotFolder) && !manifests.has(o.key),
    )
    .map((o) => o.key);
};

/** A local file against the listing, before any checksum: missing, another size, or to prove. */
export const sizeVerdict = (
  localSize: number | undefined,
  object: ListedObject | undefined,
):
  | { readonly kind: 'missing' }
  | { readonly kind: 'differs'; readonly reason: string }
  | { readonly kind: 'same-size' } => {
  if (object === undefined || localSize === undefined) return { kind: 'missing' };
  if (object.size !== localSize)
    return { kind: 'differs', reason: `size ${object.size} on the server, ${localSize} here` };
  return { kind: 'same-size' };
};

/**
 * What reading an object back proves. Gone since the listing: missing now, not "unproven,
 * --read-back compares it" to a volunteer who just used --read-back (issue 30). Longer than the
 * local file (it grew since the listing): other bytes.
 */
export const readBackProof = (
  read: ObjectRead,
  sha256Of: (bytes: Uint8Array) => string,
  localSha256: string,
): ContentProof | { readonly kind: 'missing' } => {
  if (read.kind === 'absent') return { kind: 'missing' };
  if (read.kind === 'too-large') return { kind: 'different', why: 'size' };
  return sha256Of(read.bytes) === localSha256
    ? { kind: 'same' }
    : { kind: 'different', why: 'etag' };
};

/** The local files whose SHA-256 the manifest's entries are compared with (same size only). */
export const filesToCompareWithManifest = (
  entries: readonly ManifestEntry[],
  localByKey: ReadonlyMap<string, string>,
  sizeOf: (relPath: string) => number | undefined,
): readonly string[] =>
  entries.flatMap((entry) => {
    const relPath = localByKey.get(entry.key);
    return relPath !== undefined && sizeOf(relPath) === entry.size ? [relPath] : [];
  });

/** Entries of the manifest that disagree with the listing or the local files, in its order. */
export const manifestDisagreements = (
  entries: readonly ManifestEntry[],
  remote: ReadonlyMap<string, ListedObject>,
  localByKey: ReadonlyMap<string, string>,
  sizeOf: (relPath: string) => number | undefined,
  sha256Of: (relPath: string) => string | undefined,
): readonly { readonly key: string; readonly reason: string }[] => {
  const disagreements: { key: string; reason: string }[] = [];
  const inManifest = new Set<string>();
  for (const entry of entries) {
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
    const size = sizeOf(relPath);
    if (size !== entry.size) say(`the manifest says ${entry.size} bytes, ${size} here`);
    else if (entry.sha256 !== sha256Of(relPath))
      say('the manifest SHA-256 differs from the local file');
  }
  for (const [key] of localByKey) {
    if (!inManifest.has(key)) disagreements.push({ key, reason: 'not in the manifest' });
  }
  return disagreements;
};

import { objectKey } from '../field/objectKey';

/** The folder under a night's prefix that holds Depot's own objects (manifests). */
export const DEPOT_FOLDER = '.depot';

/** Where manifests were written before issue 11: one per prefix, shared by every night under it. */
export const LEGACY_MANIFEST_NAME = 'depot-manifest.json';

/**
 * A night's manifest key: it carries the night's identity (a random id made with the plan), so
 * no other night and no volunteer's file can take it (the write is conditional as well).
 */
export const nightManifestKey = (prefix: string, nightId: string): string =>
  objectKey(prefix, `${DEPOT_FOLDER}/night-${nightId}.json`);

/** The listing prefix of every night manifest under `prefix`. */
export const nightManifestPrefix = (prefix: string): string =>
  `${objectKey(prefix, `${DEPOT_FOLDER}/night-`)}`;

/** The prefix under which a night's objects are listed ('' lists the whole bucket). */
export const listingPrefix = (prefix: string): string =>
  prefix === '' ? '' : `${objectKey(prefix, 'x').slice(0, -1)}`;

/** A random night id: 32 hex characters from the caller's random bytes. */
export const nightIdFrom = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

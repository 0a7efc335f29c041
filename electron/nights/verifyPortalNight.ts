import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { EmissionOptions } from '../../shared/ports/ObjectStore';
import type { Portal, PortalFile } from '../../shared/ports/Portal';
import type { SourceReader } from '../../shared/ports/SourceReader';
import { portalCallRules, type PortalCallName } from '../../shared/portal/portalCallRules';
import type { Outcome } from '../../shared/retry/Outcome';
import { PagedListing } from '../../shared/wire/PagedListing';
import { hashFile } from '../hashing/hashFile';
import type { AskServer } from './askServer';
import type { NightInputs } from './NightInputs';
import type { VerifyStop } from './VerifyReport';

/** What `depot verify` found of a portal night (ADR 0032): names, availability, bytes if read. */
export type PortalVerifyReport = {
  readonly api: string;
  readonly participation: string;
  readonly files: number;
  /** Present and available; with `readBack`, also the same SHA-256. */
  readonly verified: number;
  /** Whether the bytes were compared (`readBack`), or only names and availability. */
  readonly readBack: boolean;
  readonly missing: readonly string[];
  /** Declared on the portal but not finalized: not available to the programme. */
  readonly notAvailable: readonly string[];
  readonly differing: readonly { readonly path: string; readonly reason: string }[];
  /** Files of the participation that are none of this folder's names. */
  readonly unexpected: readonly string[];
};

/**
 * Why verifying a portal night stopped before a conclusion: the portal no longer takes the
 * sign-in (401), or as an S3 night's verification stops (a question unanswered, endless paging,
 * a stop); a portal has no bucket policy to deny a listing.
 */
export type PortalVerifyStop =
  { readonly kind: 'signed-out' } | Exclude<VerifyStop, { readonly kind: 'denied' }>;

export type PortalVerifyOutcome =
  | { readonly kind: 'verified'; readonly report: PortalVerifyReport; readonly clean: boolean }
  | { readonly kind: 'stopped'; readonly stop: PortalVerifyStop };

/** What verifying a portal night reads: the portal through the policy, the folder's files. */
export type PortalNightReading = {
  readonly portal: Pick<
    Portal,
    'endpoint' | 'target' | 'listFilesPage' | 'readTarget' | 'readBytes'
  >;
  readonly ask: AskServer;
  readonly reader: SourceReader;
  readonly signal: AbortSignal;
  readonly participation: string;
  /** The folder, and each file's size as the pre-flight saw it. */
  readonly root: string;
  readonly sizeOf: (relPath: string) => number | undefined;
  /** Each file read back through the portal's signed GET URL and its SHA-256 compared. */
  readonly readBack: boolean;
};

/** A question the policy gave up on: carried out of the comparison, never an outcome by throw. */
class Stopped extends Error {
  constructor(readonly stop: PortalVerifyStop) {
    super(stop.kind);
  }
}

/** Every missing, unavailable or differing file keeps the night from being clean. */
const isCleanPortal = (r: PortalVerifyReport): boolean =>
  r.missing.length + r.notAvailable.length + r.differing.length === 0;

/**
 * Verifies one portal night, changing nothing: the participation's files listed (one page per
 * question through the policy, guarded against endless paging) and compared with the names the
 * programme gives the night's files, each present and `available`; with `readBack`, each read
 * through the portal's signed GET URL and its SHA-256 compared with the local file's (the portal
 * gives no checksum to compare without reading).
 */
export const verifyPortalNight = async (
  night: NightInputs,
  r: PortalNightReading,
): Promise<PortalVerifyOutcome> => {
  const ask = async <T>(
    call: PortalCallName,
    operation: string,
    endpoint: string,
    emit: (o: EmissionOptions) => Promise<Outcome<T>>,
  ): Promise<T> => {
    const answer = await r.ask(
      { endpoint, profile: portalCallRules[call].profile, operation },
      emit,
    );
    if (answer.kind === 'success') return answer.value;
    const last = answer.last;
    if (last?.kind === 'refused' && last.status === 401) throw new Stopped({ kind: 'signed-out' });
    throw new Stopped({
      kind: 'unanswered',
      operation,
      reason: answer.reason,
      ...(last === undefined ? {} : { last }),
    });
  };
  try {
    const report = await compare(night, r, ask);
    return { kind: 'verified', report, clean: isCleanPortal(report) };
  } catch (error) {
    if (error instanceof Stopped) return { kind: 'stopped', stop: error.stop };
    // A file read (or hashed) while the command was stopped: nothing concluded.
    if (r.signal.aborted) return { kind: 'stopped', stop: { kind: 'interrupted' } };
    throw error;
  }
};

type Ask = <T>(
  call: PortalCallName,
  operation: string,
  endpoint: string,
  emit: (o: EmissionOptions) => Promise<Outcome<T>>,
) => Promise<T>;

const compare = async (
  night: NightInputs,
  r: PortalNightReading,
  ask: Ask,
): Promise<PortalVerifyReport> => {
  const { portal, participation } = r;
  const listing = `ListFiles ${participation}`;
  const pages = await new PagedListing<PortalFile, number>((f) => f.fileId, String).list(
    async (page) => ({
      kind: 'page' as const,
      page: await ask('listFiles', listing, portal.endpoint, (o) =>
        portal.listFilesPage({ collectionId: participation, page }, o),
      ),
    }),
  );
  if (pages.kind === 'endless') throw new Stopped({ kind: 'endless-listing', operation: listing });
  const remote = new Map(pages.items.map((f) => [f.name, f]));
  const nameOf = (relPath: string): string => night.names?.get(relPath) ?? relPath;
  const missing: string[] = [];
  const notAvailable: string[] = [];
  const differing: { path: string; reason: string }[] = [];
  let verified = 0;
  for (const relPath of night.include) {
    const name = nameOf(relPath);
    const there = remote.get(name);
    if (there === undefined) missing.push(relPath);
    else if (!there.available) notAvailable.push(relPath);
    else if (!r.readBack) verified += 1;
    else {
      const verdict = await readBack(r, ask, relPath, name, there.fileId);
      if (verdict.kind === 'same') verified += 1;
      else if (verdict.kind === 'missing') missing.push(relPath);
      else if (verdict.kind === 'not-available') notAvailable.push(relPath);
      else differing.push({ path: relPath, reason: verdict.reason });
    }
  }
  const ours = new Set(night.include.map(nameOf));
  return {
    api: portal.target.api,
    participation,
    files: night.include.length,
    verified,
    readBack: r.readBack,
    missing,
    notAvailable,
    differing,
    unexpected: [...remote.keys()].filter((n) => !ours.has(n)),
  };
};

type ReadBackVerdict =
  | { readonly kind: 'same' }
  | { readonly kind: 'missing' }
  | { readonly kind: 'not-available' }
  | { readonly kind: 'differing'; readonly reason: string };

/** One file read back through the portal's signed URL, its SHA-256 against the local file's. */
const readBack = async (
  r: PortalNightReading,
  ask: Ask,
  relPath: string,
  name: string,
  fileId: string,
): Promise<ReadBackVerdict> => {
  const { portal } = r;
  const target = await ask('readTarget', `Access ${name}`, portal.endpoint, (o) =>
    portal.readTarget({ fileId }, o),
  );
  if (target.kind === 'not-available') return { kind: 'not-available' };
  const size = r.sizeOf(relPath) ?? 0;
  const path = join(r.root, relPath);
  const local = await hashFile(r.reader, { path, size, partSize: Math.max(1, size) }, r.signal);
  const read = await ask('readBytes', `GET ${name}`, target.endpoint, (o) =>
    portal.readBytes({ url: target.url, maxBytes: size }, o),
  );
  if (read.kind === 'absent') return { kind: 'missing' };
  if (read.kind === 'too-large')
    return { kind: 'differing', reason: `larger on the portal (${read.size} bytes)` };
  if (createHash('sha256').update(read.bytes).digest('hex') !== local.sha256)
    return {
      kind: 'differing',
      reason: `other bytes on the portal (SHA-256 differs, ${read.bytes.length} bytes there)`,
    };
  return { kind: 'same' };
};

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { EmissionOptions } from '../../shared/ports/ObjectStore';
import { portalCallRules, type PortalCallName } from '../../shared/portal/portalCallRules';
import { portalTokenOf } from '../../shared/portal/portalTokenOf';
import type { Outcome } from '../../shared/retry/Outcome';
import type { PortalFile } from '../../shared/ports/Portal';
import { PagedListing } from '../../shared/wire/PagedListing';
import { hashFile } from '../hashing/hashFile';
import { VigieChiroPortal } from '../portal/VigieChiroPortal';
import { fsSourceReader } from '../runtime/fsSourceReader';
import type { CommandIo } from './Command';
import { ENDLESS_LISTING, PORTAL_SIGNED_OUT } from './describeCause';
import { readFolder } from './readFolder';
import { verifyAsker } from './verifyAsker';
import type { Programme } from './readProgramme';

/** What `depot verify` found of a portal night (ADR 0032): names, availability, bytes if read. */
export type PortalVerifyReport = {
  readonly api: string;
  readonly participation: string;
  readonly files: number;
  /** Present and available; with `--read-back`, also the same SHA-256. */
  readonly verified: number;
  /** Whether the bytes were compared (`--read-back`), or only names and availability. */
  readonly readBack: boolean;
  readonly missing: readonly string[];
  /** Declared on the portal but not finalized: not available to the programme. */
  readonly notAvailable: readonly string[];
  readonly differing: readonly { readonly path: string; readonly reason: string }[];
  /** Files of the participation that are none of this folder's names. */
  readonly unexpected: readonly string[];
};

class CouldNotVerify extends Error {}
class SignedOut extends Error {}

/**
 * `depot verify DIR --programme FILE --participation ID` for a portal night, changing nothing:
 * the participation's files listed and compared with the names the profile gives the folder's
 * files, each present and `available`; with `--read-back`, each read through the portal's signed
 * GET URL and its SHA-256 compared with the local file's (the portal gives no checksum to compare
 * without reading). Exit codes as `depot verify`'s.
 */
export const portalVerify = async (
  v: {
    readonly token?: string;
    readonly participation?: string;
    readonly night?: string;
    readonly tz?: string;
    readonly 'skip-invalid': boolean;
    readonly 'read-back': boolean;
    readonly json: boolean;
  },
  positionals: readonly string[],
  programme: Programme,
  io: CommandIo,
  usageError: (message: string) => number,
): Promise<number> => {
  const destination = programme.profile.destination;
  if (destination.kind !== 'vigiechiro') throw new Error('portalVerify: not a portal profile');
  if (positionals.length !== 1) return usageError('give exactly one folder');
  const [dir = ''] = positionals;
  if (v.participation === undefined)
    return usageError('give the night’s participation: --participation ID');
  const given = v.token ?? io.env['DEPOT_PORTAL_TOKEN'];
  const token = given === undefined ? undefined : portalTokenOf(given);
  if (token === undefined)
    return usageError(
      `no portal token: sign in at ${destination.signIn}, then give it (or the address the page ends on) with --token or DEPOT_PORTAL_TOKEN`,
    );
  const tz = v.tz ?? programme.profile.defaults.timeZone;
  const folder = await readFolder(
    dir,
    { ...v, prefix: '', ...(tz === undefined ? {} : { tz }) },
    programme,
    io,
    usageError,
  );
  if (typeof folder === 'number') return folder;
  const [night] = folder.nights;
  if (night === undefined || folder.nights.length > 1)
    return usageError(`${dir}: a participation is one night: pick it with --night`);
  const scanned = new Map((folder.scan?.files ?? []).map((f) => [f.relPath, f]));
  const portal = new VigieChiroPortal({ api: destination.api, token: () => token });
  const asked = verifyAsker(io.signal);
  const ask = async <T>(
    call: PortalCallName,
    operation: string,
    endpoint: string,
    emit: (o: EmissionOptions) => Promise<Outcome<T>>,
  ): Promise<T> => {
    const r = await asked({ endpoint, profile: portalCallRules[call].profile, operation }, emit);
    if (r.kind === 'success') return r.value;
    const last = r.last;
    if (last?.kind === 'refused' && last.status === 401) throw new SignedOut(PORTAL_SIGNED_OUT);
    const why =
      last === undefined
        ? r.reason
        : last.kind === 'refused'
          ? `${last.status} ${last.code ?? ''}${last.detail === undefined ? '' : ` ${last.detail}`}`.trim()
          : last.kind === 'unreachable'
            ? `unreachable (${last.reason})`
            : last.kind;
    throw new CouldNotVerify(`${operation}: ${why}`);
  };
  try {
    // One page per call through the policy (ADR 0002), guarded against endless paging.
    const pages = await new PagedListing<PortalFile, number>((f) => f.fileId, String).list(
      async (page) => ({
        kind: 'page' as const,
        page: await ask('listFiles', `ListFiles ${v.participation}`, portal.endpoint, (o) =>
          portal.listFilesPage({ collectionId: v.participation ?? '', page }, o),
        ),
      }),
    );
    if (pages.kind === 'endless')
      throw new CouldNotVerify(`ListFiles ${v.participation}: ${ENDLESS_LISTING}`);
    const remote = new Map(pages.items.map((f) => [f.name, f]));
    const names = night.names ?? new Map<string, string>();
    const missing: string[] = [];
    const notAvailable: string[] = [];
    const differing: { path: string; reason: string }[] = [];
    let verified = 0;
    for (const relPath of night.include) {
      const name = names.get(relPath) ?? relPath;
      const there = remote.get(name);
      if (there === undefined) {
        missing.push(relPath);
        continue;
      }
      if (!there.available) {
        notAvailable.push(relPath);
        continue;
      }
      if (!v['read-back']) {
        verified += 1;
        continue;
      }
      const target = await ask('readTarget', `Access ${name}`, portal.endpoint, (o) =>
        portal.readTarget({ fileId: there.fileId }, o),
      );
      if (target.kind === 'not-available') {
        notAvailable.push(relPath);
        continue;
      }
      const size = scanned.get(relPath)?.size ?? 0;
      const absPath = scanned.get(relPath)?.absPath ?? join(dir, relPath);
      const local = await hashFile(fsSourceReader, absPath, size, Math.max(1, size), io.signal);
      const read = await ask('readBytes', `GET ${name}`, target.endpoint, (o) =>
        portal.readBytes({ url: target.url, maxBytes: size }, o),
      );
      if (read.kind === 'absent') missing.push(relPath);
      else if (read.kind === 'too-large')
        differing.push({ path: relPath, reason: `larger on the portal (${read.size} bytes)` });
      else if (createHash('sha256').update(read.bytes).digest('hex') !== local.sha256)
        differing.push({
          path: relPath,
          reason: `other bytes on the portal (SHA-256 differs, ${read.bytes.length} bytes there)`,
        });
      else verified += 1;
    }
    const ours = new Set(night.include.map((p) => names.get(p) ?? p));
    const report: PortalVerifyReport = {
      api: portal.target.api,
      participation: v.participation,
      files: night.include.length,
      verified,
      readBack: v['read-back'],
      missing,
      notAvailable,
      differing,
      unexpected: [...remote.keys()].filter((n) => !ours.has(n)),
    };
    if (v.json) io.stdout.write(JSON.stringify(report) + '\n');
    else io.stdout.write(formatPortalVerify(report));
    return missing.length + notAvailable.length + differing.length === 0 ? 0 : 3;
  } catch (error) {
    if (error instanceof SignedOut) return usageError(error.message);
    if (error instanceof CouldNotVerify) {
      io.stderr.write(`depot verify: could not verify: ${error.message}\n`);
      return 4;
    }
    if (io.signal.aborted) return 4;
    throw error;
  } finally {
    portal.destroy();
  }
};

const list = (paths: readonly string[]): string =>
  paths.slice(0, 20).join(', ') + (paths.length > 20 ? `, ... (${paths.length} in all)` : '');

export const formatPortalVerify = (r: PortalVerifyReport): string =>
  [
    `Participation ${r.participation} on ${r.api}: ${r.files} files`,
    r.readBack
      ? `  identical (read back through the portal, SHA-256): ${r.verified}`
      : `  present and available: ${r.verified} (names and availability only: --read-back reads each file back and compares its bytes)`,
    ...(r.missing.length > 0 ? [`  MISSING ${r.missing.length}: ${list(r.missing)}`] : []),
    ...(r.notAvailable.length > 0
      ? [
          `  NOT AVAILABLE (declared, never finalized) ${r.notAvailable.length}: ${list(r.notAvailable)}`,
        ]
      : []),
    ...r.differing.map((d) => `  DIFFERENT ${d.path}: ${d.reason}`),
    ...(r.unexpected.length > 0
      ? [`  on the portal and not in this folder: ${r.unexpected.length} (${list(r.unexpected)})`]
      : []),
  ].join('\n') + '\n';

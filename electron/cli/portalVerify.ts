import { portalTokenOf } from '../../shared/portal/portalTokenOf';
import type { PortalVerifyReport, PortalVerifyStop } from '../nights/verifyPortalNight';
import { verifyPortalNight } from '../nights/verifyPortalNight';
import { VigieChiroPortal } from '../portal/VigieChiroPortal';
import { fsSourceReader } from '../runtime/fsSourceReader';
import type { CommandIo } from './Command';
import { ENDLESS_LISTING, PORTAL_SIGNED_OUT } from './describeCause';
import { readFolder } from './readFolder';
import type { Programme } from './readProgramme';
import { verifyAsker } from './verifyAsker';

/**
 * `depot verify DIR --programme FILE --participation ID` for a portal night, changing nothing:
 * parse, prepare the folder, `verifyPortalNight` (names and availability; with `--read-back`,
 * every file's bytes), its report, and the exit code: 0 clean, 3 differences, 2 usage or a
 * sign-in refused, 4 nothing concluded (as `depot verify`'s).
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
  const portal = new VigieChiroPortal({ api: destination.api, token: () => token });
  try {
    const outcome = await verifyPortalNight(night, {
      portal,
      ask: verifyAsker(io.signal),
      reader: fsSourceReader,
      signal: io.signal,
      participation: v.participation,
      root: folder.root,
      sizeOf: folder.sizeOf,
      readBack: v['read-back'],
    });
    if (outcome.kind === 'verified') {
      io.stdout.write(
        v.json ? JSON.stringify(outcome.report) + '\n' : formatPortalVerify(outcome.report),
      );
      return outcome.clean ? 0 : 3;
    }
    const { stop } = outcome;
    if (stop.kind === 'signed-out') return usageError(PORTAL_SIGNED_OUT);
    if (stop.kind !== 'interrupted')
      io.stderr.write(`depot verify: could not verify: ${portalStopText(stop)}\n`);
    return 4;
  } finally {
    portal.destroy();
  }
};

/** Why a question to the portal went unanswered, after `could not verify: `. */
const portalStopText = (
  stop: Exclude<PortalVerifyStop, { kind: 'signed-out' } | { kind: 'interrupted' }>,
): string => {
  if (stop.kind === 'endless-listing') return `${stop.operation}: ${ENDLESS_LISTING}`;
  const last = stop.last;
  const why =
    last === undefined
      ? stop.reason
      : last.kind === 'refused'
        ? `${last.status} ${last.code ?? ''}${last.detail === undefined ? '' : ` ${last.detail}`}`.trim()
        : last.kind === 'unreachable'
          ? `unreachable (${last.reason})`
          : last.kind;
  return `${stop.operation}: ${why}`;
};

const list = (paths: readonly string[]): string =>
  paths.slice(0, 20).join(', ') + (paths.length > 20 ? `, ... (${paths.length} in all)` : '');

/** The report as `depot verify` prints it without --json. */
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

import { blockingProblems } from '../../shared/field/blockingProblems';
import type { PreflightReport } from '../../shared/field/PreflightReport';
import { isValidTimeZone } from '../../shared/field/zonedTime';
import { runPreflight } from '../field/runPreflight';
import { ScanError } from '../scan/ScanError';
import type { Command, CommandIo } from './Command';
import { parseCommandLine } from './parseCommandLine';
import { chooseNights, isRefusal } from '../nights/chooseNights';
import type { NightsRefusal } from '../nights/chooseNights';
import { nameNights } from '../nights/nameNights';
import { sayFolderRefusal } from './sayFolderRefusal';
import { programmeOptions, readProgramme } from './readProgramme';
import type { Programme } from './readProgramme';
import { depositableFiles } from '../../shared/field/depositableFiles';
import { objectKey } from '../../shared/field/objectKey';
import { skipOtherFiles } from '../../shared/programme/nameFiles';

const USAGE = `Usage: depot check DIR [--tz ZONE] [--site NAME] [--point NAME] [--lang en|fr] [--json]
       depot check DIR --programme FILE --field NAME=VALUE ... [--lang en|fr] [--json]

Pre-flight of a night of recordings, without any network: counts by class, each problem file
with its class, message and decision, the nights found, the time zone used and the metadata.
  --tz ZONE     the recorder's IANA time zone (Europe/Paris), for timestamps without an offset
  --site/--point what the volunteer knows; they win over what the file names suggest
  --lang        language of the problem messages (default en)
  --json        print the whole report as one JSON object
  --programme FILE, --field NAME=VALUE
                a programme's profile and its fields: every file's object name is made as
                \`depot deposit\` would make it (a few shown; --json: \`programme.keys\`), and a
                name that cannot be made blocks its file
Exit codes: 0 nothing blocks, 3 something blocks the deposit, 2 usage error (missing folder...).`;

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

const hms = (seconds: number): string => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m${String(s % 60).padStart(2, '0')}s`;
};

const zoneLine = (r: PreflightReport, zoneFrom: '--tz' | 'the programme profile'): string => {
  const { zone, source, sources } = r.timeZone;
  const why =
    source === 'file-offset'
      ? "the files' own UTC offsets"
      : source === 'volunteer'
        ? `the zone given with ${zoneFrom}`
        : 'no offset in the files and no --tz: local times as written';
  const mixed = Object.entries(sources)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${s} ${n}`)
    .join(', ');
  return `Time zone: ${zone ?? 'unknown'} (${why}; files by source: ${mixed || 'none dated'})`;
};

/** The human-readable report: one fact per line, problems last, the verdict at the very end. */
export const formatPreflight = (
  r: PreflightReport,
  lang: 'en' | 'fr',
  /** More lines before the verdict (a programme's names). */
  extra: readonly string[] = [],
  /** Where the zone came from, when one was given. */
  zoneFrom: '--tz' | 'the programme profile' = '--tz',
): string => {
  const c = r.counts;
  const m = r.metadata;
  const lines = [
    `Pre-flight of ${r.root} (no network)`,
    `Files: ${r.totalFiles} (${mb(r.totalBytes)}): valid ${c.valid}, empty ${c.empty}, header-only ${c['header-only']}, truncated ${c.truncated}, not WAV ${c['not-wav']}, companion ${c.companion}`,
    `Skipped system junk: ${r.scan.skippedJunk.count}${r.scan.skippedJunk.count > 0 ? ` (${r.scan.skippedJunk.paths.slice(0, 5).join(', ')}${r.scan.skippedJunk.count > 5 ? ', ...' : ''})` : ''}`,
    r.nights.length === 0
      ? 'Nights: none found (no dated recording)'
      : `Nights: ${r.nights.map((n) => `${n.night} (${n.files} files, ${n.firstAt} -> ${n.lastAt})`).join('; ')}`,
    zoneLine(r, zoneFrom),
    m.recorders.length > 1
      ? `Recorders: ${m.recorders.join('; ')}`
      : `Recorder: ${[m.make, m.model].filter(Boolean).join(' ') || 'unknown'}${m.serial ? `, serial ${m.serial}` : ''}`,
    `Site: ${m.site ?? '-'}, point: ${m.point ?? '-'}${m.position ? `, position ${m.position.lat}, ${m.position.lon}` : ''}`,
    `Recordings: ${hms(m.totalDurationSec)}${m.sampleRates.length > 0 ? ` at ${m.sampleRates.map((s) => `${s / 1000} kHz`).join(', ')}` : ''}`,
  ];
  const blocking = blockingProblems(r);
  if (r.problems.length > 0) {
    lines.push(`Problems: ${r.problems.length} (${blocking.length} blocking)`);
    for (const p of r.problems)
      lines.push(
        `  [${p.decision}] ${p.relPath === '' ? '(folder)' : p.relPath}: ${p.class}: ${p.message[lang]}`,
      );
  }
  lines.push(...extra);
  lines.push(
    blocking.length === 0
      ? 'Nothing blocks the deposit.'
      : `${blocking.length} problem(s) block the deposit: decide, or deposit with --skip-invalid to leave those files out.`,
  );
  return lines.join('\n') + '\n';
};

/** The header count, redrawn at most ten times a second on a terminal. */
const headerProgress = (io: CommandIo): ((done: number, total: number) => void) => {
  let lastShown = 0;
  return (done, total) => {
    const now = performance.now();
    if (now - lastShown < 100 && done < total) return;
    lastShown = now;
    io.stderr.write(`\rReading headers ${done}/${total}`);
    if (done === total) io.stderr.write('\n');
  };
};

/** The report with a programme's names, as `depot deposit` would give and refuse them. */
type Named = {
  readonly kind: 'named';
  readonly report: PreflightReport;
  readonly keys: Readonly<Record<string, string>>;
  readonly section: readonly string[];
};

/** The names `depot deposit` would give, night by night, as it would refuse them. */
const nameByProgramme = (
  dir: string,
  preflight: PreflightReport,
  programme: Programme,
): Named | NightsRefusal => {
  const report = skipOtherFiles(preflight, programme.profile.names);
  const include = depositableFiles(report, { skipBlocking: false });
  const portal = programme.profile.destination.kind !== 's3';
  const chosen = chooseNights(dir, report, include, {
    // A portal night is one participation each: the nights are told apart as {night} would.
    prefix: portal ? '{night}' : programme.profile.names.prefix,
    fields: programme.fields,
  });
  if (isRefusal(chosen)) return chosen;
  const named = nameNights(report, chosen, programme, false);
  const keys: Record<string, string> = {};
  for (const night of named.nights)
    for (const relPath of night.include) {
      const name = night.names?.get(relPath);
      if (name !== undefined) keys[relPath] = portal ? name : objectKey(night.prefix, name);
    }
  const { destination } = programme.profile;
  const shown = Object.entries(keys).slice(0, 5);
  const where =
    destination.kind === 's3'
      ? `in s3://${destination.bucket}/ at ${destination.endpoint}`
      : `for the portal ${destination.api}`;
  const section = [
    `Programme "${programme.record.name}" (profile ${programme.path}, sha256 ${programme.record.sha256.slice(0, 12)}): ${Object.keys(keys).length} file(s) named ${where}${shown.length > 0 ? ', e.g.' : ''}`,
    ...shown.map(([relPath, key]) => `  ${relPath} -> ${key}`),
  ];
  return { kind: 'named', report: named.report, keys, section };
};

/** The report as JSON (with the programme's names) or as text (with its section). */
const formatCheck = (
  named: Named,
  programme: Programme,
  values: { readonly json: boolean; readonly lang: 'en' | 'fr'; readonly tz?: string },
): string =>
  values.json
    ? JSON.stringify({
        ...named.report,
        programme: {
          name: programme.record.name,
          version: programme.record.version,
          sha256: programme.record.sha256,
          fields: programme.fields,
          keys: named.keys,
        },
      }) + '\n'
    : formatPreflight(
        named.report,
        values.lang,
        named.section,
        values.tz === undefined ? 'the programme profile' : '--tz',
      );

/** `depot check`: parse, the pre-flight (`runPreflight`), a programme's names, the report. */
const run = async (argv: readonly string[], io: CommandIo): Promise<number> => {
  const parsed = parseCommandLine('check', USAGE, argv, io, {
    ...programmeOptions,
    tz: { type: 'string' },
    site: { type: 'string' },
    point: { type: 'string' },
    lang: { type: 'string', default: 'en' },
    json: { type: 'boolean', default: false },
  });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const usageError = (message: string): number => {
    io.stderr.write(`depot check: ${message}\n\n${USAGE}\n`);
    return 2;
  };
  const [dir] = positionals;
  if (dir === undefined || positionals.length !== 1) return usageError('give exactly one folder');
  const lang = values.lang;
  if (lang !== 'en' && lang !== 'fr') return usageError('--lang must be en or fr');
  if (values.tz !== undefined && !isValidTimeZone(values.tz))
    return usageError(`unknown time zone "${values.tz}" (use an IANA name such as Europe/Paris)`);
  const programme = await readProgramme(values, (message) => {
    io.stderr.write(`depot check: ${message}\n`);
    return 2;
  });
  if (typeof programme === 'number') return programme;
  const tz = values.tz ?? programme?.profile.defaults.timeZone;
  try {
    const report = await runPreflight(dir, {
      signal: io.signal,
      ...(tz !== undefined ? { tz } : {}),
      ...(values.site !== undefined ? { site: values.site } : {}),
      ...(values.point !== undefined ? { point: values.point } : {}),
      ...(io.stdout.isTTY === true && !values.json ? { onProgress: headerProgress(io) } : {}),
    });
    if (programme === undefined) {
      io.stdout.write(values.json ? JSON.stringify(report) + '\n' : formatPreflight(report, lang));
      return blockingProblems(report).length > 0 ? 3 : 0;
    }
    const named = nameByProgramme(dir, report, programme);
    if (named.kind !== 'named') return sayFolderRefusal('check', named, io, usageError);
    io.stdout.write(formatCheck(named, programme, { ...values, lang }));
    return blockingProblems(named.report).length > 0 ? 3 : 0;
  } catch (error) {
    if (error instanceof ScanError) return usageError(error.message);
    if (io.signal.aborted) {
      io.stderr.write('depot check: interrupted\n');
      return 4;
    }
    throw error;
  }
};

export const checkCommand: Command = {
  name: 'check',
  summary: 'Pre-flight of a folder of recordings (no network): classes, problems, nights, metadata',
  run,
};

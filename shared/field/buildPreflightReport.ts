import type { FieldTimestamp } from './FieldTimestamp';
import { requiredGroups } from '../text/requiredGroups';
import { mostFrequent } from './mostFrequent';
import { recordingsSummary } from './recordingsSummary';
import { timeZoneOf } from './timeZoneOf';
import { wallMs } from './FieldTimestamp';
import type { WavInspection } from './inspectWav';
import { parseAudioMothComment } from './parseAudioMothComment';
import { parseFileName } from './parseFileName';
import type { PlacedTimestamp } from './placeTimestamp';
import { placeTimestamp } from './placeTimestamp';
import type {
  FileClass,
  PreflightFile,
  PreflightNight,
  PreflightProblem,
  PreflightReport,
  ProblemClass,
} from './PreflightReport';
import type { ProblemFacts } from './problemMessage';
import { decisionFor, problemMessage } from './problemMessage';
import type { ScanResult } from './ScanResult';

/** One scanned file after its headers were read (or it could not be). */
export type InspectedFile =
  | {
      readonly kind: 'wav';
      readonly relPath: string;
      readonly size: number;
      readonly inspection: WavInspection;
    }
  | { readonly kind: 'companion'; readonly relPath: string; readonly size: number }
  | {
      readonly kind: 'unreadable';
      readonly relPath: string;
      readonly size: number;
      readonly reason: string;
    };

export type DuplicateGroup = { readonly sha256: string; readonly relPaths: readonly string[] };

export type PreflightInput = {
  readonly scan: ScanResult;
  readonly files: readonly InspectedFile[];
  /** Groups of identical files (same SHA-256), each sorted, the first one being kept. */
  readonly duplicates: readonly DuplicateGroup[];
  /** Hashes computed while looking for duplicates, by relPath. */
  readonly hashes?: ReadonlyMap<string, string>;
  /** The volunteer's IANA zone (`--tz`), already validated. */
  readonly zone?: string;
  readonly site?: string;
  readonly point?: string;
};

/** Upper- or lower-case `.wav` (and `.wave`) are recordings; anything else is a companion. */
export const isWavName = (relPath: string): boolean => /\.wave?$/i.test(relPath);

const VIGIE_CHIRO = /^Car(\d{6})-\d{4}-Pass\d+-([A-Za-z0-9]+)(?:-|$)/;

const byPath = <T extends { relPath: string }>(a: T, b: T): number =>
  a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0;

/** The file's start time (GUANO, else AudioMoth's comment, else its name), serial and name prefix. */
const datingOf = (
  file: InspectedFile,
): { ts?: FieldTimestamp; serial?: string; prefix?: string } => {
  const fromName = parseFileName(file.relPath);
  const named = fromName ? { prefix: fromName.prefix } : {};
  if (file.kind !== 'wav') return fromName ? { ts: fromName.timestamp, ...named } : {};
  const { guano, info } = file.inspection;
  const moth = info?.['ICMT'] !== undefined ? parseAudioMothComment(info['ICMT']) : undefined;
  const artistSerial = /AudioMoth ([0-9A-Fa-f]{16})/.exec(info?.['IART'] ?? '')?.[1]?.toUpperCase();
  const serial = guano?.serial ?? moth?.serial ?? artistSerial;
  const ts = guano?.timestamp ?? moth?.timestamp ?? fromName?.timestamp;
  return { ...(ts ? { ts } : {}), ...(serial ? { serial } : {}), ...named };
};

/** Says a problem of a file (or of the folder, at relPath ''). */
type SayProblem = (relPath: string, cls: ProblemClass, facts?: ProblemFacts) => void;

/**
 * One readable file as the report lists it (its class, recording and placement facts, duplicate
 * and hash), its problems said; with where its time places it and the prefix its name gives.
 */
const fileEntry = (
  f: Exclude<InspectedFile, { readonly kind: 'unreadable' }>,
  input: PreflightInput,
  duplicateOf: ReadonlyMap<string, string>,
  problem: SayProblem,
): { entry: PreflightFile; at: PlacedTimestamp | undefined; prefix: string | undefined } => {
  const cls: FileClass = f.kind === 'companion' ? 'companion' : f.inspection.class;
  if (cls !== 'valid') problem(f.relPath, cls, f.kind === 'wav' ? f.inspection : undefined);
  const dated = datingOf(f);
  const at = dated.ts ? placeTimestamp(dated.ts, input.zone) : undefined;
  let entry: PreflightFile = { relPath: f.relPath, size: f.size, class: cls };
  if (f.kind === 'wav') {
    entry = {
      ...entry,
      ...recordingFacts(f.inspection),
      ...(dated.serial ? { serial: dated.serial } : {}),
    };
    if (!dated.ts && (cls === 'valid' || cls === 'truncated')) problem(f.relPath, 'no-timestamp');
  }
  if (at && dated.ts) entry = { ...entry, ...placementFacts(at, dated.ts) };
  const original = duplicateOf.get(f.relPath);
  if (original !== undefined) {
    entry = { ...entry, duplicateOf: original };
    problem(f.relPath, 'duplicate', { original });
  }
  const sha = input.hashes?.get(f.relPath);
  if (sha !== undefined) entry = { ...entry, sha256: sha };
  return { entry, at, prefix: f.kind === 'wav' ? dated.prefix : undefined };
};

/**
 * Assembles the pre-flight report from what was read: classes and problems with their decision,
 * duplicates, nights (noon to noon, local time), the time-zone source and the recorder's metadata.
 * Pure: the same inputs always give the same report, whatever machine or zone runs it.
 */
export const buildPreflightReport = (input: PreflightInput): PreflightReport => {
  const problems: PreflightProblem[] = [];
  const problem: SayProblem = (relPath, cls, facts) => {
    problems.push({
      relPath,
      class: cls,
      message: problemMessage(cls, facts),
      decision: decisionFor[cls],
    });
  };
  const counts = zeroCounts();

  for (const issue of input.scan.refused) {
    problem(issue.relPath, refusedClassOf(issue.reason), {
      reason: issue.reason === 'unreadable' ? issue.message : issue.reason,
      ...(issue.sameKeyAs === undefined ? {} : { sameKeyAs: issue.sameKeyAs }),
    });
  }
  // Said, so that a volunteer who kept a receipt there knows it stays on the card, unsent.
  for (const folder of input.scan.depotFolders) problem(folder, 'depot-folder');

  const duplicateOf = originals(input.duplicates);

  const files: PreflightFile[] = [];
  const placed: { file: PreflightFile; at: PlacedTimestamp }[] = [];
  const prefixes: string[] = [];

  for (const f of [...input.files].sort(byPath)) {
    if (f.kind === 'unreadable') {
      problem(f.relPath, 'unreadable', { reason: f.reason });
      continue;
    }
    const { entry, at, prefix } = fileEntry(f, input, duplicateOf, problem);
    counts[entry.class]++;
    if (prefix !== undefined) prefixes.push(prefix);
    files.push(entry);
    const cls = entry.class;
    if (at && (cls === 'valid' || cls === 'truncated')) placed.push({ file: entry, at });
  }

  const nights = nightsOf(placed);
  if (nights.length > 1) problem('', 'several-nights', { nights: nights.map((n) => n.night) });
  const recordings = recordingsSummary(files);
  if (recordings.recorders.length > 1)
    problem('', 'several-recorders', { recorders: recordings.recorders });

  const { skippedJunk, depotFolders, refused } = input.scan;
  problems.sort((a, b) => byPath(a, b) || (a.class < b.class ? -1 : a.class > b.class ? 1 : 0));
  return {
    root: input.scan.root,
    totalFiles: files.length,
    totalBytes: files.reduce((n, f) => n + f.size, 0),
    counts,
    problems,
    duplicates: input.duplicates.map((g) => ({ sha256: g.sha256, relPaths: [...g.relPaths] })),
    nights,
    timeZone: timeZoneOf(files, input.zone),
    metadata: { ...recordings, ...siteAndPointOf(prefixes, input) },
    scan: { skippedJunk, depotFolders, refused },
    files,
  };
};

/** What a recording's header says of it: duration and format (time-expanded back to real time), its recorder. */
const recordingFacts = (inspection: WavInspection): Partial<PreflightFile> => {
  const { format, guano, durationSec } = inspection;
  const te = guano?.te !== undefined && guano.te > 0 ? guano.te : 1;
  return {
    ...(durationSec !== undefined
      ? { durationSec: Math.round((durationSec / te) * 1000) / 1000 }
      : {}),
    ...(format
      ? {
          sampleRate: format.sampleRate * te,
          channels: format.channels,
          bitsPerSample: format.bitsPerSample,
        }
      : {}),
    ...(guano
      ? {
          guano: guano.fields,
          ...(guano.make ? { make: guano.make } : {}),
          ...(guano.model ? { model: guano.model } : {}),
          ...(guano.position ? { position: guano.position } : {}),
        }
      : inspection.info?.['ICMT']?.includes('AudioMoth') ||
          inspection.info?.['IART']?.startsWith('AudioMoth')
        ? { make: 'Open Acoustic Devices', model: 'AudioMoth' }
        : {}),
  };
};

/** The site and point given, else read from the one name prefix the recordings share (Vigie-Chiro's `Car…-…-Z1`). */
const siteAndPointOf = (
  prefixes: readonly string[],
  input: PreflightInput,
): { readonly site?: string; readonly point?: string } => {
  const prefixList = mostFrequent(prefixes);
  const [onlyPrefix] = prefixList.length === 1 ? prefixList : [];
  const vigie = onlyPrefix !== undefined ? VIGIE_CHIRO.exec(onlyPrefix) : null;
  const [carre, vigiePoint] = vigie ? requiredGroups(vigie, 2) : [];
  const site =
    input.site ??
    (carre !== undefined ? `Car${carre}` : onlyPrefix !== '' ? onlyPrefix : undefined);
  const point = input.point ?? vigiePoint;
  return { ...(site !== undefined ? { site } : {}), ...(point !== undefined ? { point } : {}) };
};

const zeroCounts = (): Record<FileClass, number> => ({
  valid: 0,
  empty: 0,
  'header-only': 0,
  truncated: 0,
  'not-wav': 0,
  companion: 0,
});

/** The problem a file the scan refused is. */
const refusedClassOf = (reason: string): ProblemClass =>
  reason === 'unreadable'
    ? 'unreadable'
    : reason === 'not-a-regular-file'
      ? 'not-a-regular-file'
      : 'bad-name';

/** Each extra copy of a duplicate group, with the copy kept (the first by path). */
const originals = (groups: PreflightInput['duplicates']): Map<string, string> => {
  const duplicateOf = new Map<string, string>();
  for (const { relPaths } of groups) {
    const [kept, ...extras] = relPaths;
    if (kept !== undefined) for (const extra of extras) duplicateOf.set(extra, kept);
  }
  return duplicateOf;
};

/** When a recording was made, on the night it belongs to, and where that time came from. */
const placementFacts = (at: PlacedTimestamp, ts: FieldTimestamp): Partial<PreflightFile> => ({
  night: at.night,
  recordedAt: at.localIso,
  ...(at.instant !== undefined ? { recordedAtMs: at.instant } : {}),
  ...(at.local.millisecond > 0 ? { recordedMillis: at.local.millisecond } : {}),
  timeSource: ts.source,
  zoneSource: at.zoneSource,
});

const nightsOf = (
  placed: readonly { file: PreflightFile; at: PlacedTimestamp }[],
): PreflightNight[] => {
  const groups = new Map<string, PlacedTimestamp[]>();
  for (const { at } of placed) {
    const group = groups.get(at.night);
    if (group) group.push(at);
    else groups.set(at.night, [at]);
  }
  const key = (t: PlacedTimestamp): number => t.instant ?? wallMs(t.local);
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .flatMap(([night, times]) => {
      const sorted = [...times].sort((a, b) => key(a) - key(b));
      const [first] = sorted;
      const last = sorted.at(-1);
      // A group is created with its first timestamp, so both are there.
      if (first === undefined || last === undefined) return [];
      return [{ night, files: sorted.length, firstAt: first.localIso, lastAt: last.localIso }];
    });
};

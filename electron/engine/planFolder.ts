import { resolve } from 'node:path';
import { objectKey } from '../../shared/field/objectKey';
import type { ScanIssue, ScannedFile, ScanResult } from '../../shared/field/ScanResult';
import type { StorageTarget } from '../../shared/domain/StorageTarget';
import type { ProgrammeRecord } from '../../shared/programme/ProgrammeRecord';
import type { PortalNight } from '../../shared/portal/PortalNight';
import type { Clock } from '../../shared/ports/Clock';
import { decideSourceUpdate } from '../../shared/plan/decideSourceUpdate';
import { scanFolder } from '../scan/scanFolder';
import type { NewUnit, PlanStore } from '../store/PlanStore';
import type { PlanRecord } from '../store/PlanRecord';
import type { EngineSettings } from './EngineSettings';
import { diffSources, fingerprint } from './fingerprint';
import { PlanError } from './PlanError';
import type { PlanUpdateReport } from './PlanUpdateReport';

export type PlanFolderInput = {
  readonly dir: string;
  /**
   * The scan of `dir` the pre-flight's verdict was made from: the plan is made of the same
   * snapshot (issue 13). A caller without a pre-flight (tests, the bench) leaves it out and the
   * folder is scanned here. A file that changes after the scan is caught when it is sent
   * (`checkSource`: size and mtime; each part's bytes against their planned MD5).
   */
  readonly scan?: ScanResult;
  readonly bucket: string;
  readonly prefix: string;
  readonly metadata?: Readonly<Record<string, unknown>>;
  /**
   * A programme's object names (issue 29), by path on the card: each file's key is the prefix and
   * its name instead of its path. Every planned file must have one. Absent: keys are paths.
   */
  readonly names?: ReadonlyMap<string, string>;
  /** The profile the names come from: the night records it (plan and manifest). */
  readonly programme?: ProgrammeRecord;
  /**
   * The night goes to a programme's portal, in this participation (ADR 0032): its target is the
   * portal's (no bucket: `bucket` and `prefix` are not read), every file one PUT, named by the
   * programme (`names`), never by its path.
   */
  readonly portal?: PortalNight;
  /** Only these relative paths (the pre-flight's depositable files); every scanned file when absent. */
  readonly include?: readonly string[];
  /**
   * Checksum every file while planning (default), or leave it to the workers, file by file as
   * they take them: a 30 GB card read at 90 MB/s is five minutes of hashing before the first
   * byte leaves otherwise, where the link is the slow side anyway.
   */
  readonly hashAhead?: boolean;
  /**
   * The folder changed since its plan was made: bring the plan up to date (changed files hashed
   * and queued again, removed ones out, new ones in) instead of refusing with 'sources-changed'.
   */
  readonly update?: boolean;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: {
    readonly phase: 'scan' | 'hash';
    readonly done: number;
    readonly total: number;
  }) => void;
};

/** What the planner needs from the engine: its store and, for an update, its requests and lease. */
export type PlannerDeps = {
  readonly store: PlanStore;
  /** Where a new night goes (the current settings): the plan keeps it as its own target. */
  readonly target: StorageTarget;
  /** A new night's identity (random): its manifest's key carries it. */
  readonly newNightId: () => string;
  readonly settings: EngineSettings;
  readonly clock: Clock;
  /** Aborts one of the plan's open uploads through the object store port and the retry policy. */
  readonly abortUpload: (
    planId: number,
    upload: { readonly key: string; readonly uploadId: string },
    signal: AbortSignal | undefined,
  ) => Promise<void>;
  /** Runs `work` holding the plan's run lease: nobody deposits a plan while it is rewritten. */
  readonly withLease: <T>(planId: number, work: () => Promise<T>) => Promise<T>;
};

export type PlannedFolder = {
  readonly planId: number;
  readonly resumed: boolean;
  readonly update: PlanUpdateReport | undefined;
  readonly skippedJunk: number;
  readonly refused: readonly ScanIssue[];
};

/** A file's name under the prefix: the programme's when it gives names, else its path. */
const nameOf = (names: ReadonlyMap<string, string> | undefined, relPath: string): string => {
  if (names === undefined) return relPath;
  const name = names.get(relPath);
  // The caller names every file it plans (nameFiles): a gap is a bug, never a guessed key.
  if (name === undefined) throw new Error(`no programme name for ${relPath}`);
  return name;
};

const newUnit = (
  prefix: string,
  threshold: number,
  f: ScannedFile,
  names: ReadonlyMap<string, string> | undefined,
): NewUnit => ({
  relPath: f.relPath,
  absPath: f.absPath,
  key: objectKey(prefix, nameOf(names, f.relPath)),
  size: f.size,
  mtimeMs: f.mtimeMs,
  multipart: f.size >= threshold,
});

/** The folder's files to plan: its scan (given, or made now), narrowed to `include`; never none. */
const filesToPlan = async (
  dir: string,
  input: PlanFolderInput,
): Promise<{ readonly scanned: ScanResult; readonly files: readonly ScannedFile[] }> => {
  if (input.scan !== undefined && input.scan.root !== dir)
    throw new Error(`the scan of ${input.scan.root} cannot plan ${dir}`);
  const scanned =
    input.scan ??
    (await scanFolder(dir, {
      signal: input.signal,
      onProgress: (seen) => input.onProgress?.({ phase: 'scan', done: seen, total: 0 }),
    }));
  const included = input.include === undefined ? undefined : new Set(input.include);
  const files =
    included === undefined ? scanned.files : scanned.files.filter((f) => included.has(f.relPath));
  if (files.length === 0) {
    throw new PlanError(
      { code: 'empty-folder', dir },
      scanned.skippedJunk.count > 0
        ? `${dir} holds no file to deposit (only ${scanned.skippedJunk.count} system files, skipped)`
        : `${dir} holds no file to deposit`,
    );
  }
  return { scanned, files };
};

/**
 * Plans a folder (one unit per file) or finds its plan: the same folder, endpoint, bucket and
 * prefix resume the existing plan. A folder that changed since is refused (PlanError
 * 'sources-changed', with the files), or brought up to date when `update` is asked. Checksums are
 * the engine's business, after this.
 */
export const planFolder = async (
  deps: PlannerDeps,
  input: PlanFolderInput,
): Promise<PlannedFolder> => {
  const dir = resolve(input.dir);
  const { scanned, files } = await filesToPlan(dir, input);
  const portal = input.portal;
  // A portal file is one PUT whatever its size (multipart is retired there, ADR 0029).
  const threshold =
    portal === undefined ? deps.settings.multipartThreshold : Number.MAX_SAFE_INTEGER;
  const prefix = portal === undefined ? input.prefix : '';
  const { plan, created } = deps.store.findOrCreatePlan(
    {
      dir,
      // A portal night: its API and participation are its endpoint and container (migration 8).
      endpoint: portal?.target.api ?? deps.target.endpoint,
      bucket: portal?.participationId ?? input.bucket,
      prefix,
      nightId: deps.newNightId(),
      region: portal === undefined ? deps.target.region : '',
      pathStyle: portal === undefined ? deps.target.pathStyle : false,
      credentialId: portal === undefined ? deps.target.credentialId : 'portal-sign-in',
      ...(portal === undefined ? {} : { portal: portal.target.kind }),
      fingerprint: fingerprint(files),
      metadata: input.metadata ?? {},
      partSize: deps.settings.partSize,
      threshold,
      createdAt: deps.clock.now(),
      ...(input.programme === undefined ? {} : { programme: input.programme }),
    },
    () => files.map((f) => newUnit(prefix, threshold, f, input.names)),
  );
  // Being taken off the server: the folder is deposited again once that is done, as a new night.
  if (!created && plan.removing)
    throw new PlanError(
      { code: 'being-removed', planId: plan.id },
      `plan ${plan.id} is being removed from the server`,
    );
  if (!created && (input.names !== undefined || plan.programme !== null))
    refuseOtherNames(deps, plan, files, input.names);
  let update: PlanUpdateReport | undefined;
  if (!created && fingerprint(files) !== plan.fingerprint) {
    if (input.update !== true) {
      const changes = diffSources(deps.store.iterateUnits(plan.id), files);
      const shown = changes
        .slice(0, 20)
        .map((c) => `  ${c.relPath} (${c.change})`)
        .join('\n');
      throw new PlanError(
        { code: 'sources-changed', planId: plan.id, changes },
        `the folder changed since it was planned (plan ${plan.id}); ${changes.length} file(s) differ:\n${shown}${changes.length > 20 ? '\n  ...' : ''}`,
      );
    }
    update = await deps.withLease(plan.id, () =>
      updateSources(deps, plan, files, input.names, input.signal),
    );
  }
  if (!created && input.metadata !== undefined && Object.keys(plan.metadata).length === 0) {
    deps.store.setPlanMetadata(plan.id, input.metadata);
  }
  return {
    planId: plan.id,
    resumed: !created,
    update,
    skippedJunk: scanned.skippedJunk.count,
    refused: scanned.refused,
  };
};

/**
 * A night resumed with a programme's names (or made with them and resumed without) keeps the keys
 * it was created with only if they are the ones asked: otherwise the volunteer is told, and
 * nothing is sent under keys they did not ask for (issue 29).
 */
const refuseOtherNames = (
  deps: PlannerDeps,
  plan: PlanRecord,
  files: readonly ScannedFile[],
  names: ReadonlyMap<string, string> | undefined,
): void => {
  const asked = new Set(files.map((f) => f.relPath));
  const differ: { relPath: string; planned: string; asked: string }[] = [];
  for (const unit of deps.store.iterateUnits(plan.id)) {
    if (!asked.has(unit.relPath)) continue;
    const key = objectKey(plan.prefix, names?.get(unit.relPath) ?? unit.relPath);
    if (key !== unit.key) differ.push({ relPath: unit.relPath, planned: unit.key, asked: key });
  }
  const [first] = differ;
  if (first === undefined) return;
  throw new PlanError(
    { code: 'names-changed', planId: plan.id, examples: differ.slice(0, 5), count: differ.length },
    `this folder's night (plan ${plan.id}) was created with other names for ${differ.length} file(s) (e.g. ${first.relPath}: "${first.planned}", now "${first.asked}"); a night keeps the names it was created with`,
  );
};

/**
 * The plan follows its folder: the open uploads of changed and removed files are aborted first
 * (a kill before the transaction leaves the plan as it was, and the next update aborts again,
 * a gone upload counting as aborted), then the units change in one transaction with the
 * fingerprint.
 */
const updateSources = async (
  deps: PlannerDeps,
  plan: PlanRecord,
  files: readonly ScannedFile[],
  names: ReadonlyMap<string, string> | undefined,
  signal: AbortSignal | undefined,
): Promise<PlanUpdateReport> => {
  const units = new Map([...deps.store.iterateUnits(plan.id)].map((u) => [u.relPath, u]));
  const decisions = decideSourceUpdate(
    [...units.values()].map((u) => ({
      relPath: u.relPath,
      size: u.size,
      mtimeMs: u.mtimeMs,
      done: u.state.kind === 'done',
      sourceFailed:
        u.state.kind === 'failed' &&
        (u.state.cause.kind === 'source-changed' || u.state.cause.kind === 'source-missing'),
      uploadOpen: u.uploadId !== null,
    })),
    files,
  );
  let abortedUploads = 0;
  for (const d of decisions) {
    if (d.kind !== 'replan' && d.kind !== 'remove') continue;
    const unit = units.get(d.relPath);
    if (!d.abortUpload || unit?.uploadId == null) continue;
    await deps.abortUpload(plan.id, { key: unit.key, uploadId: unit.uploadId }, signal);
    abortedUploads += 1;
  }
  const current = new Map(files.map((f) => [f.relPath, f]));
  const idOf = (relPath: string): number => units.get(relPath)?.id ?? -1;
  const replanned = decisions.flatMap((d) => (d.kind === 'replan' ? [d] : []));
  const removed = decisions.flatMap((d) => (d.kind === 'remove' ? [d.relPath] : []));
  const added = decisions.flatMap((d) => {
    const f = d.kind === 'add' ? current.get(d.relPath) : undefined;
    return f === undefined ? [] : [f];
  });
  deps.store.updatePlanSources(plan.id, {
    fingerprint: fingerprint(files),
    replan: replanned.map((d) => ({
      unitId: idOf(d.relPath),
      size: d.size,
      mtimeMs: d.mtimeMs,
      multipart: d.size >= plan.threshold,
    })),
    remove: removed.map(idOf),
    add: added.map((f) => newUnit(plan.prefix, plan.threshold, f, names)),
    now: deps.clock.now(),
  });
  return {
    changed: replanned.filter((d) => d.why !== 'failed').map((d) => d.relPath),
    retried: replanned.filter((d) => d.why === 'failed').map((d) => d.relPath),
    changedAfterVerified: replanned.filter((d) => d.wasDone).map((d) => d.relPath),
    removed,
    added: added.map((f) => f.relPath),
    abortedUploads,
  };
};

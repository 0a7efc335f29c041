import { objectKey } from '../../shared/field/objectKey';
import { listingPrefix } from '../../shared/wire/nightManifestKey';
import type { NightMove } from '../engine/ways/moveNight';
import { IpcFailure } from '../ipc/IpcFailure';
import { ScanError } from '../scan/ScanError';
import type { BackendConfig } from './BackendConfig';
import { readingOf } from './createPlans';
import type { DepotBackendDeps } from './DepotBackendDeps';
import { programmeFields } from './programmeFields';
import { settingsTarget } from './settingsTarget';

/** What the volunteer types to correct a night: site and point, or a programme's fields. */
export type CorrectionAsk = {
  readonly site?: string | undefined;
  readonly point?: string | undefined;
  readonly fields: Readonly<Record<string, string>>;
};

export type Correction = {
  readonly move: Omit<NightMove, 'removeOld' | 'at'>;
  /** A few files and the key each takes at the new place. */
  readonly examples: readonly { readonly relPath: string; readonly key: string }[];
};

const EXAMPLES = 3;

const strings = (metadata: Readonly<Record<string, unknown>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(metadata).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );

/**
 * Where a night goes with the values the volunteer corrected (issue 31): the current settings'
 * target, its prefix template filled with the night's own values and the corrected ones, and,
 * for a programme's night, its files named again from the card (which must be readable).
 */
export const correctionOf = async (
  planId: number,
  asked: CorrectionAsk,
  config: BackendConfig,
  deps: Pick<DepotBackendDeps, 'preflight' | 'expandPrefix'>,
): Promise<Correction> => {
  const { engine } = config.requireEngine();
  const settings = config.requireSettings();
  const credentials = config.credentials;
  if (credentials === undefined)
    throw new IpcFailure('not-configured', 'no credentials', { kind: 'storage-incomplete' });
  const summary = engine.planSummary(planId);
  if (summary === undefined)
    throw new IpcFailure('not-found', `no plan ${planId}`, { kind: 'no-such-plan' });
  const active = config.programme;
  const own = summary.programme;
  if (own !== null && active?.record.sha256 !== own.sha256)
    throw new IpcFailure('blocked', 'the night was named by another programme profile', {
      kind: 'names-changed',
      count: summary.units,
      example: own.name,
    });
  const fields =
    active === undefined || own === null ? {} : programmeFields(active.profile, asked.fields);
  const entered: Record<string, string> = {
    ...(asked.site === undefined ? {} : { site: asked.site }),
    ...(asked.point === undefined ? {} : { point: asked.point }),
    ...fields,
  };
  const values = { ...strings(summary.metadata), ...entered };
  let prefix: string;
  try {
    prefix = deps.expandPrefix(settings.prefixTemplate, values);
  } catch (error) {
    throw new IpcFailure('invalid-input', error instanceof Error ? error.message : 'prefix', {
      kind: 'prefix-invalid',
    });
  }
  const units = engine.listUnits(planId, { offset: 0, limit: 1_000_000 }).units;
  let names: ReadonlyMap<string, string> | undefined;
  if (active !== undefined && own !== null && active.profile.names.object !== undefined) {
    // The programme's names carry its fields (a point, a carré): made again from the recordings.
    let checked;
    try {
      checked = await deps.preflight(summary.dir, readingOf(active));
    } catch (error) {
      if (error instanceof ScanError)
        throw new IpcFailure('blocked', error.message, { kind: 'card-away', dir: summary.dir });
      throw error;
    }
    const night =
      typeof summary.metadata['night'] === 'string' ? summary.metadata['night'] : undefined;
    const named = checked.name(active.profile.names, fields, [
      { ...(night === undefined ? {} : { night }), relPaths: units.map((u) => u.relPath) },
    ]);
    if (named.problems.length > 0)
      throw new IpcFailure('blocked', `${named.problems.length} name(s) cannot be used`, {
        kind: 'files-block',
        count: new Set(named.problems.map((p) => p.relPath)).size,
      });
    names = named.names;
  }
  const head = listingPrefix(summary.prefix);
  const keyOf = (relPath: string, key: string): string =>
    objectKey(prefix, names?.get(relPath) ?? (key.startsWith(head) ? key.slice(head.length) : key));
  return {
    move: {
      target: settingsTarget(settings, credentials),
      prefix,
      ...(names === undefined ? {} : { names }),
      metadata: { ...summary.metadata, ...entered },
      programme: own === null ? null : { ...own, fields },
      by: 'volunteer',
    },
    examples: units
      .slice(0, EXAMPLES)
      .map((u) => ({ relPath: u.relPath, key: keyOf(u.relPath, u.key) })),
  };
};

import { prefixTemplateProblem } from '../../shared/field/prefixTemplateProblem';
import { planPhase } from '../../shared/domain/planPhase';
import type { ParsedInput } from '../../shared/ipc/contract';
import type { CreateOutcome } from '../../shared/ipc/views';
import { planNights } from '../nights/planNights';
import { IpcFailure } from '../ipc/IpcFailure';
import type { DepotBackendDeps } from './DepotBackendDeps';
import type { BackendParts } from './BackendParts';
import { nightsToDeposit } from './nightsToDeposit';
import { programmeFields } from './programmeFields';
import type { ActiveProgramme } from './ProgrammeFile';
import type { CheckedFolder, FolderReading } from './CheckedFolder';
import type { NightFiles } from '../../shared/field/splitByNight';
import type { NamedFiles } from '../../shared/programme/nameFiles';
import { resolve } from 'node:path';
import type { ScanResult } from '../../shared/field/ScanResult';
import type { EnginePort } from './EnginePort';

/**
 * Refuses a deposit of files that another night already deposits, or deposited, to another
 * destination (a corrected point typed on "Nouveau dépôt" started a silent duplicate: issue 31,
 * item 4). The night is named, with where it goes, so it can be opened or corrected instead.
 */
const refuseSecondDeposit = (
  engine: EnginePort,
  scan: ScanResult,
  planned: readonly { readonly include: readonly string[]; readonly prefix: string }[],
  dir: string,
  bucket: string,
): void => {
  const byPath = new Map(scan.files.map((f) => [f.relPath, f]));
  const here = resolve(dir);
  for (const p of planned) {
    const holders = new Set<number>();
    for (const relPath of p.include) {
      const file = byPath.get(relPath);
      if (file !== undefined) for (const id of engine.plansHolding(file)) holders.add(id);
    }
    const others = [...holders].flatMap((id) => {
      const other = engine.planSummary(id);
      return other === undefined || other.removing ? [] : [other];
    });
    // Going on with a deposit already there is never refused (copies made on purpose stand).
    const same = others.some((o) => o.dir === here && o.bucket === bucket && o.prefix === p.prefix);
    const [other] = others;
    if (same || other === undefined) continue;
    throw new IpcFailure(
      'blocked',
      `plan ${other.id} already deposits these files to ${other.bucket}/${other.prefix}`,
      {
        kind: 'card-deposited',
        planId: String(other.id),
        destination: `${other.endpoint} › ${other.bucket}/${other.prefix}/`,
        state: planPhase(other),
      },
    );
  }
};

/** How the profile in use reads a folder (its zone, what it leaves out); none without one. */
export const readingOf = (programme: ActiveProgramme | undefined): FolderReading => {
  if (programme === undefined) return {};
  const { timeZone } = programme.profile.defaults;
  return {
    names: programme.profile.names,
    ...(timeZone === undefined ? {} : { tz: timeZone }),
    ...(programme.profile.destination.kind === 'vigiechiro' ? { portal: 'vigiechiro' } : {}),
  };
};

export type PlanCreation = BackendParts & {
  readonly deps: Pick<DepotBackendDeps, 'preflight' | 'expandPrefix'>;
};

/**
 * The nights of the folder to plan, each with its files, and the programme's names: refused
 * (`IpcFailure`) when files block and the volunteer did not choose to leave them out, or when
 * nothing is left to deposit.
 */
const nightFilesOf = (
  input: ParsedInput<'plans.create'>,
  checked: CheckedFolder,
  programme: ActiveProgramme | undefined,
  fields: Readonly<Record<string, string>>,
  toPortal: boolean,
): { readonly nights: readonly NightFiles[]; readonly named: NamedFiles | undefined } => {
  const several = checked.view.nights.length > 1;
  if (toPortal && several && input.nights === 'each')
    throw new IpcFailure('invalid-input', 'a participation is one night', {
      kind: 'portal-one-night',
    });
  // "Several nights" is settled by depositing night by night, or one night: not by the checkbox.
  const blocking = several
    ? checked.view.issues.filter((i) => i.decision === 'block' && i.kind !== 'several-nights')
        .length
    : checked.view.blocking;
  if (!input.skipInvalid && blocking > 0) {
    throw new IpcFailure('blocked', `${blocking} file(s) block the deposit`, {
      kind: 'files-block',
      count: blocking,
    });
  }
  // What the pre-flight said to leave out (empty, header-only, extra copies; blocking files
  // when the volunteer chose to skip them) is not planned at all.
  const include = checked.depositable({ skipBlocking: input.skipInvalid });
  let nights = nightsToDeposit(checked, include, input);
  // Every name is made before anything is planned: one that cannot be blocks like the others.
  const named =
    programme === undefined ? undefined : checked.name(programme.profile.names, fields, nights);
  if (named !== undefined && named.problems.length > 0) {
    if (!input.skipInvalid)
      throw new IpcFailure('blocked', `${named.problems.length} name(s) cannot be used`, {
        kind: 'files-block',
        count: new Set(named.problems.map((p) => p.relPath)).size,
      });
    nights = nights.map((n) => ({ ...n, relPaths: n.relPaths.filter((p) => named.names.has(p)) }));
  }
  if (nights.every((n) => n.relPaths.length === 0)) {
    throw new IpcFailure('invalid-input', `${input.dir} holds no file to deposit`, {
      kind: 'nothing-to-deposit',
      dir: input.dir,
    });
  }
  return { nights, named };
};

/** A settings' prefix template filled; one saved before it was validated is said as such. */
const expandSettingsPrefix = (
  template: string,
  values: Readonly<Record<string, string | undefined>>,
  deps: PlanCreation['deps'],
): string => {
  try {
    return deps.expandPrefix(template, values);
  } catch (error) {
    // A template saved before it was validated: the volunteer fixes it in Settings, which
    // says why in their language.
    if (prefixTemplateProblem(template) !== undefined)
      throw new IpcFailure('not-configured', 'the prefix template in Settings is invalid', {
        kind: 'prefix-invalid',
      });
    throw new IpcFailure('invalid-input', error instanceof Error ? error.message : 'prefix', {
      kind: 'prefix-invalid',
    });
  }
};

/** One night as it is planned: its files, its prefix, and what its manifest records. */
const plannedNight = (
  input: ParsedInput<'plans.create'>,
  checked: CheckedFolder,
  fields: Readonly<Record<string, string>>,
  n: NightFiles,
  prefixOf: (values: Readonly<Record<string, string | undefined>>) => string,
): {
  readonly night: string;
  readonly include: readonly string[];
  readonly prefix: string;
  readonly metadata: Readonly<Record<string, unknown>>;
} => {
  const entered: Record<string, string> = {
    ...(input.site === undefined ? {} : { site: input.site }),
    ...(input.point === undefined ? {} : { point: input.point }),
    ...fields,
    night: n.night,
  };
  const values = checked.values(entered);
  const prefix = prefixOf(values);
  const filled = Object.fromEntries(
    Object.entries({ ...values, ...entered }).filter(([, v]) => v !== undefined && v !== ''),
  );
  // The pre-flight's record of the night, as a manifest of the command line's has it, then the
  // prefix's values (year, month, day...) and what the volunteer entered.
  const metadata = {
    ...checked.metadata({
      ...(entered['site'] ? { site: entered['site'] } : {}),
      ...(entered['point'] ? { point: entered['point'] } : {}),
      night: n.night,
    }),
    ...filled,
  };
  return { night: n.night, include: n.relPaths, prefix, metadata };
};

/**
 * Plans the folder's nights and starts them: one plan per night, each under its own date and
 * prefix, never a file under another night's date (issue 11). Every night is planned before
 * any starts, so a changed folder starts nothing until the volunteer deposits the changes.
 */
export const createPlans = async (
  input: ParsedInput<'plans.create'>,
  { config, runs, views, relay, deps }: PlanCreation,
): Promise<CreateOutcome> => {
  const { engine } = config.requireEngine();
  const programme = config.programme;
  // A programme's portal (ADR 0032): a night per participation, no bucket, no prefix.
  const portal = config.portal;
  const settings = portal === undefined ? config.requireSettings() : undefined;
  if (portal !== undefined && input.participationId === undefined)
    throw new IpcFailure('invalid-input', 'a portal night needs a participation', {
      kind: 'participation-needed',
    });
  // With a profile, its fields are what the volunteer gives; without, site and point.
  const fields = programme === undefined ? {} : programmeFields(programme.profile, input.fields);
  if (programme === undefined && (input.site === undefined || input.point === undefined))
    throw new IpcFailure('invalid-input', 'site and point are required');
  const checked = await deps.preflight(input.dir, readingOf(programme));
  const { nights, named } = nightFilesOf(input, checked, programme, fields, portal !== undefined);
  const planned = nights.map((n) =>
    plannedNight(input, checked, fields, n, (values) =>
      settings === undefined ? '' : expandSettingsPrefix(settings.prefixTemplate, values, deps),
    ),
  );
  if (settings !== undefined && new Set(planned.map((p) => p.prefix)).size < planned.length) {
    return { kind: 'nights-share-prefix', template: settings.prefixTemplate };
  }
  const portalNight =
    portal === undefined || input.participationId === undefined || config.portals === undefined
      ? undefined
      : {
          target: config.portals.portal(portal.api).target,
          participationId: input.participationId,
        };
  // One card, one deposit (issue 31): a second deposit of files another night holds elsewhere
  // only on the volunteer's explicit "deposit a copy elsewhere".
  if (!input.copy) {
    const container = portalNight?.participationId ?? settings?.bucket ?? '';
    refuseSecondDeposit(engine, checked.scan, planned, input.dir, container);
  }
  // Every night planned before any starts; all the folder's changes said at once.
  const result = await planNights(
    engine,
    {
      dir: input.dir,
      scan: checked.scan,
      bucket: settings?.bucket ?? '',
      ...(portalNight === undefined ? {} : { portal: portalNight }),
      ...(programme === undefined ? {} : { programme: { ...programme.record, fields } }),
      update: input.update,
    },
    planned.map((p) => (named === undefined ? p : { ...p, names: named.names })),
    'all',
  );
  if (result.kind === 'failed') throw result.error;
  if (result.kind === 'changed')
    return {
      kind: 'changed',
      changes: result.changes.map(({ night, change }) => ({ night: night.night, ...change })),
    };
  const ids = result.plans.map((p) => p.plan.id);
  if (programme !== undefined) await config.rememberFields(fields);
  for (const id of ids) runs.refuseIfHeldElsewhere(engine, id);
  for (const id of ids) runs.start(id);
  relay.emit({ type: 'plans-changed' });
  return { kind: 'started', plans: ids.map((id) => views.planView(id)) };
};

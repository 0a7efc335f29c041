import { resolve } from 'node:path';
import type { FailureCause } from '../../shared/domain/FailureCause';
import type { Participation } from '../../shared/portal/Participation';
import { nightParticipation } from '../../shared/portal/nightParticipation';
import type { PortalNight } from '../../shared/portal/PortalNight';
import type { Portal, PortalParticipations } from '../../shared/ports/Portal';
import type { DepositEngine } from '../engine/DepositEngine';
import type { PlanningResult } from '../engine/PlanSummary';
import type { NightInputs } from './NightInputs';
import type { FolderToPlan, Planner, PlannedNights } from './planNights';
import { planNights } from './planNights';

/** Which participation each night goes into: the one given, or one per night of a site. */
export type ParticipationChoice =
  | { readonly kind: 'given'; readonly id: string }
  | { readonly kind: 'per-night'; readonly siteId: string; readonly point?: string };

/** Why a night has no participation: nothing of it was planned. */
export type NoParticipation =
  /** No recording's time is known with its zone: the participation's dates cannot be told. */
  | { readonly kind: 'no-span' }
  | { readonly kind: 'refused'; readonly cause: FailureCause }
  | { readonly kind: 'stopped' };

/** A night of a portal: no prefix (the portal places each file by its name), its participation. */
export type PortalNightInputs = NightInputs & { readonly participation: string };

/** Planning a folder's portal nights: each planned, or the night whose participation failed. */
export type PlannedPortalNights =
  | PlannedNights<PortalNightInputs>
  | {
      readonly kind: 'no-participation';
      readonly night: NightInputs;
      readonly why: NoParticipation;
    };

/** What planning portal nights needs of the engine. */
export type PortalPlanner = Planner & Pick<DepositEngine, 'createParticipation'>;

/** What a plan this Depot holds tells of a night it deposited (the store's `PlanRecord`). */
export type KeptPlan = {
  readonly dir: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly portal: PortalNight | null;
};

export type PortalNightsHooks = {
  readonly signal: AbortSignal;
  /** The plans this Depot already holds: a night keeps the participation it was given before. */
  readonly plans: () => readonly KeptPlan[];
  readonly onCreated?: (participation: Participation, night: NightInputs) => void;
  readonly onPlanned?: (planned: {
    readonly night: PortalNightInputs;
    readonly plan: PlanningResult;
  }) => void;
};

/**
 * Plans a folder's nights for a portal (ADR 0032), night by night: its participation (given,
 * kept from an earlier run, or created with the night's dates), then its plan at once, so a
 * participation created is recorded by a plan before the next night's is asked (a run again
 * never makes a second). No bucket nor prefix: the portal places each file by its name.
 */
export const planPortalNights = async (
  engine: PortalPlanner,
  portal: Portal & PortalParticipations,
  folder: Omit<FolderToPlan, 'portal' | 'bucket'>,
  nights: readonly NightInputs[],
  choice: ParticipationChoice,
  hooks: PortalNightsHooks,
): Promise<PlannedPortalNights> => {
  const plans: { readonly night: PortalNightInputs; readonly plan: PlanningResult }[] = [];
  for (const night of nights) {
    const participation = await participationOf(engine, portal, folder.dir, night, choice, hooks);
    if (typeof participation !== 'string')
      return { kind: 'no-participation', night, why: participation };
    const planned = await planNights(
      engine,
      { ...folder, bucket: '', portal: { target: portal.target, participationId: participation } },
      [{ ...night, prefix: '', participation }],
      'first',
    );
    if (planned.kind !== 'planned') return planned;
    for (const p of planned.plans) {
      hooks.onPlanned?.(p);
      plans.push(p);
    }
  }
  return { kind: 'planned', plans };
};

/**
 * The night's participation: the one given; else the one this Depot already keeps for the night
 * (a run again never makes a second); else a new one of the site, with the night's dates and
 * the point.
 */
const participationOf = async (
  engine: PortalPlanner,
  portal: Portal & PortalParticipations,
  dir: string,
  night: NightInputs,
  choice: ParticipationChoice,
  hooks: PortalNightsHooks,
): Promise<string | NoParticipation> => {
  if (choice.kind === 'given') return choice.id;
  const kept = hooks
    .plans()
    .find(
      (p) =>
        p.portal !== null &&
        p.portal.target.api === portal.target.api &&
        p.dir === resolve(dir) &&
        p.metadata['night'] === night.night,
    );
  if (kept?.portal != null) return kept.portal.participationId;
  if (night.span === undefined) return { kind: 'no-span' };
  const created = await engine.createParticipation(portal, nightParticipation(choice, night.span), {
    signal: hooks.signal,
  });
  if (created.kind !== 'ok') return created;
  hooks.onCreated?.(created.value, night);
  return created.value.id;
};

import { proveSameContent } from '../../shared/wire/proveSameContent';
import { wholeMatch } from '../../shared/programme/wholeMatch';
import type { MethodOutput, ParsedInput } from '../../shared/ipc/contract';
import type { ConflictView, OwnObjectsView, PlanView } from '../../shared/ipc/views';
import type { Handlers } from '../ipc/Handlers';
import { IpcFailure } from '../ipc/IpcFailure';
import type { BackendParts } from './BackendParts';
import { readingOf } from './createPlans';
import { cardVerdictOf } from './cardVerdictOf';
import { correctionOf } from './correctionOf';
import type { DepotBackendDeps } from './DepotBackendDeps';
import { planIdOf } from './planIdOf';
import type { Clock } from '../../shared/ports/Clock';

type WaysBackHandlers = Pick<
  Handlers,
  | 'plans.ownObjects'
  | 'plans.previewCorrection'
  | 'plans.correct'
  | 'plans.removeFromServer'
  | 'plans.removals'
  | 'plans.card'
  | 'units.conflict'
  | 'units.settle'
>;

export type WaysBack = BackendParts & {
  readonly deps: Pick<DepotBackendDeps, 'preflight' | 'expandPrefix'>;
  /** This computer's wall clock: the lines the screen shows (a correction's time). */
  readonly wallClock: Clock;
};

const unanswered = (status?: number): IpcFailure =>
  new IpcFailure('unavailable', 'the server could not be asked now', {
    kind: 'server-unanswered',
    ...(status === undefined ? {} : { status }),
  });

const ownObjects = ({ config, views }: WaysBack, id: number): OwnObjectsView => {
  const { engine } = config.requireEngine();
  const plan = views.planView(id);
  return {
    ...engine.ownObjects(id),
    place: { endpoint: plan.endpoint, bucket: plan.bucket, prefix: plan.prefix },
  };
};

/** A programme night's pattern constrains its free names; none for a night without one. */
const patternOf = ({ config }: WaysBack, id: number): RegExp | undefined => {
  const own = config.requireEngine().engine.planSummary(id)?.programme;
  const active = config.programme;
  const pattern = active?.profile.names.pattern;
  return own != null && active?.record.sha256 === own.sha256 && pattern !== undefined
    ? wholeMatch(pattern)
    : undefined;
};

const previewCorrection = async (
  w: WaysBack,
  { planId, ...asked }: ParsedInput<'plans.previewCorrection'>,
): Promise<MethodOutput<'plans.previewCorrection'>> => {
  const id = planIdOf(planId);
  const { move, examples } = await correctionOf(id, asked, w.config, w.deps);
  const plan = w.views.planView(id);
  const to = {
    endpoint: move.target.endpoint,
    bucket: move.target.bucket,
    prefix: move.prefix,
  };
  const same =
    to.endpoint === plan.endpoint &&
    to.bucket === plan.bucket &&
    to.prefix === plan.prefix &&
    examples.every((e) => e.key.startsWith(`${to.prefix}/`) || to.prefix === '');
  return { to, from: ownObjects(w, id), examples, same };
};

const correct = async (
  w: WaysBack,
  { planId, ...asked }: ParsedInput<'plans.correct'>,
): Promise<MethodOutput<'plans.correct'>> => {
  const { config, views, runs, relay, deps } = w;
  const id = planIdOf(planId);
  const { engine } = config.requireEngine();
  const { move } = await correctionOf(id, asked, config, deps);
  runs.refuseIfHeldElsewhere(engine, id);
  const overlay = views.overlay(id);
  // Nothing can have been stored where nothing listens, or where a web page answers.
  const removeOld = overlay.addressProblem === null;
  await runs.stopRun(id);
  if (engine.planSummary(id)?.paused === true) engine.resume(id);
  const report = engine.correctDestination(id, {
    ...move,
    removeOld,
    at: w.wallClock.now(),
  });
  overlay.blocked = null;
  overlay.addressProblem = null;
  runs.start(id);
  relay.emit({ type: 'plans-changed' });
  return {
    plan: views.planView(id),
    toRemove: report.toRemove,
    uploads: report.uploadsToAbort,
  };
};

const removeFromServer = async (
  w: WaysBack,
  planId: string,
): Promise<MethodOutput<'plans.removeFromServer'>> => {
  const { config, views, runs, relay } = w;
  const id = planIdOf(planId);
  const { engine } = config.requireEngine();
  runs.refuseIfHeldElsewhere(engine, id);
  const place = ownObjects(w, id).place;
  await runs.stopRun(id);
  const queued = engine.removeFromServer(id);
  views.overlay(id).blocked = null;
  runs.start(id);
  relay.emit({ type: 'plans-changed' });
  return { ...queued, place };
};

const removals = async (
  { config, views, runs, relay }: WaysBack,
  { planId, action }: ParsedInput<'plans.removals'>,
): Promise<PlanView> => {
  const id = planIdOf(planId);
  const { engine } = config.requireEngine();
  if (action === 'retry') {
    engine.retryDeniedRemovals(id);
    await runs.stopRun(id);
    runs.start(id);
    return views.planView(id);
  }
  engine.dropDeniedRemovals(id);
  const summary = engine.planSummary(id);
  // A whole night asked off the server and left there: this Depot stops following it.
  if (summary?.removing === true && engine.removalCounts(id).pending === 0) {
    await runs.stopRun(id);
    const view = views.planView(id);
    engine.forget(id);
    views.forget(id);
    relay.emit({ type: 'plans-changed' });
    return view;
  }
  relay.markDirty(id);
  return views.planView(id);
};

const card = ({ config, deps }: WaysBack, planId: string): Promise<MethodOutput<'plans.card'>> => {
  const id = planIdOf(planId);
  const { engine } = config.requireEngine();
  return cardVerdictOf(engine, id, (dir) => deps.preflight(dir, readingOf(config.programme)));
};

const conflict = async (
  w: WaysBack,
  { planId, unitId }: ParsedInput<'units.conflict'>,
): Promise<ConflictView> => {
  const id = planIdOf(planId);
  const { engine } = w.config.requireEngine();
  const facts = await engine.conflictFacts(id, Number(unitId), patternOf(w, id));
  if ('kind' in facts) throw unanswered(facts.status);
  const { unit, server, freeKey, rule, expectedEtag: expected } = facts;
  const content =
    server === undefined
      ? 'unproven'
      : proveSameContent(
          {
            size: unit.size,
            expectedEtag: expected,
            ...(unit.md5 === null ? {} : { wholeMd5: unit.md5 }),
          },
          server,
        ).kind;
  return {
    unitId: String(unit.id),
    relPath: unit.relPath,
    key: unit.key,
    local: { size: unit.size, modifiedAt: unit.mtimeMs, sha256: unit.sha256, md5: unit.md5 },
    server:
      server === undefined
        ? null
        : {
            size: server.size,
            modifiedAt: server.lastModified ?? null,
            etag: server.etag.replace(/"/g, ''),
            sha256: server.metadata['sha256'] ?? null,
          },
    content,
    freeKey: freeKey ?? null,
    rule,
  };
};

const settle = async (
  w: WaysBack,
  { planId, unitId, choice }: ParsedInput<'units.settle'>,
): Promise<MethodOutput<'units.settle'>> => {
  const { config, runs, relay } = w;
  const id = planIdOf(planId);
  const { engine } = config.requireEngine();
  const settled = await engine.settleConflict(id, Number(unitId), choice, patternOf(w, id));
  if (settled.kind === 'unanswered') throw unanswered(settled.status);
  // The night goes on (a file to send) or finishes (its manifest to write).
  if (!runs.has(id)) runs.start(id);
  relay.markDirty(id);
  relay.emit({ type: 'plans-changed' });
  return {
    kind: settled.kind,
    key: settled.kind === 'renamed' ? settled.key : settled.unit.key,
  };
};

/**
 * The ways back of issue 31: a night's destination corrected (what it wrote at the wrong place
 * taken back), a night taken off the server, a conflict settled, the card's verdict.
 */
export const waysBackHandlers = (w: WaysBack): WaysBackHandlers => ({
  'plans.ownObjects': ({ planId }) => Promise.resolve(ownObjects(w, planIdOf(planId))),
  'plans.previewCorrection': (input) => previewCorrection(w, input),
  'plans.correct': (input) => correct(w, input),
  'plans.removeFromServer': ({ planId }) => removeFromServer(w, planId),
  'plans.removals': (input) => removals(w, input),
  'plans.card': ({ planId }) => card(w, planId),
  'units.conflict': (input) => conflict(w, input),
  'units.settle': (input) => settle(w, input),
});

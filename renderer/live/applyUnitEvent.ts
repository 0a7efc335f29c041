import type { UnitState } from '../../shared/domain/UnitState';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import type { PlanView, UnitView } from '../../shared/ipc/views';
import type { UnitRows } from './UnitRows';

export type UnitEvent = Extract<DepotEvent, { readonly type: 'unit' }>;

/** Engine times of the files' announced waits, per night, as the pushed events told them. */
export type Waits = Readonly<Record<string, Readonly<Record<string, number>>>>;

const rowAfter = (row: UnitView, event: UnitEvent): UnitView => {
  const state = event.state ?? row.state;
  const bytesAcked =
    state.kind === 'done'
      ? row.size
      : event.activity.kind === 'sending'
        ? Math.max(row.bytesAcked, event.activity.bytesAcked)
        : row.bytesAcked;
  return { ...row, state, activity: event.activity, bytesAcked };
};

/** The event's file, changed in place on its page; the rows unchanged when it is not shown. */
export const rowsAfter = (rows: UnitRows | null, event: UnitEvent): UnitRows | null => {
  if (rows === null || rows.planId !== event.planId) return rows;
  for (const [page, units] of rows.pages) {
    const index = units.findIndex((u) => u.id === event.unitId);
    if (index < 0) continue;
    const copy = [...units];
    copy[index] = rowAfter(units[index] as UnitView, event);
    return { ...rows, pages: new Map(rows.pages).set(page, copy) };
  }
  return rows;
};

type Counted = 'unitsDone' | 'unitsFailed' | 'unitsLeftOut';

const countOf = (kind: UnitState['kind'] | undefined): Counted | undefined =>
  kind === 'done'
    ? 'unitsDone'
    : kind === 'failed'
      ? 'unitsFailed'
      : kind === 'left-out'
        ? 'unitsLeftOut'
        : undefined;

/**
 * The night's counts moved by the file's change, with the row in the same update: the header
 * never lags the rows (issue 31). Without the state it left, the counts wait for the night's next
 * pushed view.
 */
export const planAfter = (plan: PlanView, event: UnitEvent): PlanView => {
  if (event.state === undefined || event.was === undefined) return plan;
  const from = countOf(event.was);
  const to = countOf(event.state.kind);
  if (from === to) return plan;
  const next = { ...plan };
  if (from !== undefined) next[from] = Math.max(0, next[from] - 1);
  if (to !== undefined) next[to] = next[to] + 1;
  return next;
};

/** The file's announced wait recorded for its night, or struck out when it waits no more. */
export const waitsAfter = (waits: Waits, event: UnitEvent): Waits => {
  const night = { ...(waits[event.planId] ?? {}) };
  if (event.activity.kind === 'retry-wait') night[event.unitId] = event.activity.nextAttemptAt;
  else delete night[event.unitId];
  return { ...waits, [event.planId]: night };
};

/**
 * The instant of a night's next attempt, from the same events as its rows' countdowns: the bar
 * and the row say one countdown per wait. Before any event of the night, its pushed view's.
 */
export const nextRetryOf = (plan: PlanView, waits: Waits): number | null => {
  const known = waits[plan.id];
  if (known === undefined) return plan.nextRetryAt;
  const times = Object.values(known);
  return times.length === 0 ? null : Math.min(...times);
};

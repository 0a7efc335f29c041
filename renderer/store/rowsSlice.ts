import type { DepotApi } from '../../shared/ipc/DepotApi';
import type { UnitFilter } from '../../shared/ipc/views';
import { reconcileDue } from '../live/reconcileDue';
import { PAGE, emptyRows } from '../live/UnitRows';
import type { DepotSlice, DepotState, RowsState } from './DepotState';

type SetState = Parameters<DepotSlice<RowsState>>[0];

/** The open night's table: the pages on screen, read when shown and again now and then. */
export const rowsSlice: DepotSlice<RowsState> = (set, get) => ({
  rows: null,
  rowPages: { from: 0, to: 0 },
  reconciledAt: null,
  waits: {},

  showRows(planId, filter, from, to) {
    const { api, rows } = get();
    const same = rows !== null && rows.planId === planId && rows.filter === filter;
    const shown = same ? rows : emptyRows(planId, filter);
    set({ rows: shown, rowPages: { from, to } });
    if (api === undefined) return;
    for (let page = from; page <= to; page++) {
      if (!shown.pages.has(page)) void readPage(set, api, planId, filter, page);
    }
  },

  hideRows() {
    set({ rows: null });
  },

  reconcile(now) {
    const { api, rows, rowPages, reconciledAt } = get();
    if (api === undefined || rows === null || !reconcileDue(reconciledAt, now)) return;
    set({ reconciledAt: now });
    for (let page = rowPages.from; page <= rowPages.to; page++)
      void readPage(set, api, rows.planId, rows.filter, page);
  },
});

/**
 * One page of a night's rows read, kept when the table still shows that night and filter; once
 * the night's waits are known from events, its rows' waits repair them (a missed event).
 */
async function readPage(
  set: SetState,
  api: DepotApi,
  planId: string,
  filter: UnitFilter,
  page: number,
): Promise<void> {
  const result = await api.units.list({ planId, offset: page * PAGE, limit: PAGE, filter });
  if (!result.ok) return;
  set((s: DepotState) => {
    if (s.rows === null || s.rows.planId !== planId || s.rows.filter !== filter) return {};
    const rows = {
      ...s.rows,
      total: result.value.total,
      pages: new Map(s.rows.pages).set(page, result.value.units),
    };
    const known = s.waits[planId];
    if (known === undefined) return { rows, lastHeardAt: Date.now() };
    const night = { ...known };
    for (const unit of result.value.units) {
      if (unit.activity.kind === 'retry-wait') night[unit.id] = unit.activity.nextAttemptAt;
      else delete night[unit.id];
    }
    return { rows, waits: { ...s.waits, [planId]: night }, lastHeardAt: Date.now() };
  });
}

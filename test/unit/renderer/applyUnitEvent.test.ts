import { describe, expect, it } from 'vitest';
import type { PlanView, UnitView } from '../../../shared/ipc/views';
import type { UnitEvent } from '../../../renderer/live/applyUnitEvent';
import {
  nextRetryOf,
  planAfter,
  rowsAfter,
  waitsAfter,
} from '../../../renderer/live/applyUnitEvent';
import type { UnitRows } from '../../../renderer/live/UnitRows';

const plan = (patch: Partial<PlanView> = {}): PlanView =>
  ({
    id: '1',
    unitsTotal: 8,
    unitsDone: 0,
    unitsFailed: 0,
    unitsLeftOut: 0,
    nextRetryAt: null,
    ...patch,
  }) as PlanView;

const row = (id: string, patch: Partial<UnitView> = {}): UnitView => ({
  id,
  relPath: `${id}.wav`,
  size: 100,
  state: { kind: 'pending' },
  activity: { kind: 'idle' },
  bytesAcked: 0,
  ...patch,
});

const rows: UnitRows = {
  planId: '1',
  filter: 'all',
  total: 3,
  pages: new Map([[0, [row('a'), row('b'), row('c')]]]),
};

const done: UnitEvent = {
  type: 'unit',
  planId: '1',
  unitId: 'b',
  state: { kind: 'done', alreadyPresent: false },
  activity: { kind: 'idle' },
  was: 'in-progress',
};

describe('a pushed unit event applied to what the page shows (issue 32)', () => {
  it("changes the file's row in place, and the night's header in the same step", () => {
    const after = rowsAfter(rows, done);
    expect(after?.pages.get(0)?.[1]).toMatchObject({ state: done.state, bytesAcked: 100 });
    expect(after?.pages.get(0)?.[0]).toBe(rows.pages.get(0)?.[0]);
    expect(planAfter(plan(), done)).toMatchObject({ unitsDone: 1, unitsFailed: 0 });
  });

  it("counts a file's move from one count to another once, and nothing without the state it left", () => {
    const retried: UnitEvent = {
      ...done,
      state: { kind: 'pending' },
      was: 'failed',
    };
    expect(planAfter(plan({ unitsFailed: 2 }), retried)).toMatchObject({
      unitsFailed: 1,
      unitsDone: 0,
    });
    const unknown: UnitEvent = {
      type: 'unit',
      planId: '1',
      unitId: 'b',
      state: done.state,
      activity: done.activity,
    };
    expect(planAfter(plan(), unknown)).toEqual(plan());
    // An activity alone moves no count.
    const activityOnly: UnitEvent = {
      type: 'unit',
      planId: '1',
      unitId: 'b',
      activity: { kind: 'sending', bytesAcked: 40 },
    };
    expect(planAfter(plan(), activityOnly)).toEqual(plan());
    expect(rowsAfter(rows, activityOnly)?.pages.get(0)?.[1]).toMatchObject({
      state: { kind: 'pending' },
      bytesAcked: 40,
    });
  });

  it('leaves the rows of another night, or a file not on a page read, as they are', () => {
    expect(rowsAfter(rows, { ...done, planId: '2' })).toBe(rows);
    expect(rowsAfter(rows, { ...done, unitId: 'z' })).toBe(rows);
    expect(rowsAfter(null, done)).toBeNull();
  });

  it("gives the bar the earliest of the night's announced waits, the rows' own instants", () => {
    const wait = (unitId: string, at: number): UnitEvent => ({
      type: 'unit',
      planId: '1',
      unitId,
      activity: { kind: 'retry-wait', nextAttemptAt: at },
    });
    // Before any event of the night: its pushed view's instant.
    expect(nextRetryOf(plan({ nextRetryAt: 5_000 }), {})).toBe(5_000);
    let waits = waitsAfter({}, wait('a', 9_000));
    waits = waitsAfter(waits, wait('b', 7_000));
    expect(nextRetryOf(plan({ nextRetryAt: 5_000 }), waits)).toBe(7_000);
    // The wait is over when the attempt goes: the bar says so with the row.
    waits = waitsAfter(waits, { ...wait('b', 0), activity: { kind: 'idle' } });
    expect(nextRetryOf(plan(), waits)).toBe(9_000);
    waits = waitsAfter(waits, { ...done, unitId: 'a' });
    expect(nextRetryOf(plan({ nextRetryAt: 9_000 }), waits)).toBeNull();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { DepotApi } from '../../../shared/ipc/DepotApi';
import type { DepotEvent } from '../../../shared/ipc/DepotEvent';
import type { PlanView, UnitView } from '../../../shared/ipc/views';
import { RECONCILE_EVERY_MS } from '../../../renderer/live/reconcileDue';
import { useDepotStore } from '../../../renderer/store/useDepotStore';

const FILES = 2000;

/** What the engine's database says of each file (done once deposited). */
const deposited = new Set<string>();

const unit = (i: number): UnitView => ({
  id: String(i),
  relPath: `f${i}.wav`,
  size: 2_000,
  state: deposited.has(String(i)) ? { kind: 'done', alreadyPresent: false } : { kind: 'pending' },
  activity: { kind: 'idle' },
  bytesAcked: deposited.has(String(i)) ? 2_000 : 0,
});

/** The contract as the page calls it, each call counted by method; answers at once. */
const countingApi = () => {
  const calls = new Map<string, number>();
  const count = (method: string): void => {
    calls.set(method, (calls.get(method) ?? 0) + 1);
  };
  const api = {
    units: {
      list: (input: { offset: number; limit: number }) => {
        count('units.list');
        const units = Array.from({ length: input.limit }, (_, k) => unit(input.offset + k));
        return Promise.resolve({ ok: true, value: { total: FILES, units } });
      },
    },
    plans: {
      get: () => {
        count('plans.get');
        return Promise.resolve({ ok: false });
      },
      list: () => {
        count('plans.list');
        return Promise.resolve({ ok: true, value: [] });
      },
    },
  } as unknown as DepotApi;
  return { api, calls };
};

const night = {
  id: '1',
  state: 'running',
  running: true,
  unitsTotal: FILES,
  unitsDone: 0,
  unitsFailed: 0,
  unitsLeftOut: 0,
  nextRetryAt: null,
} as unknown as PlanView;

/** Lets the answers already given reach the store. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

afterEach(() => {
  deposited.clear();
  useDepotStore.setState({ api: undefined, plans: [], rows: null, reconciledAt: null, waits: {} });
});

/**
 * Issue 32, step 2, held by counting: a night of 2,000 files deposits on virtual time (a tick per
 * second, as the page's clock gives it) with its table on screen. Every file is told twice (taken,
 * deposited) and once more for a retry's wait; the page reads its rows only when it shows them
 * and in a reconcile at most every 5 s, never per event, and never reads the night's view.
 */
describe("the page's reads while 2,000 files deposit", () => {
  it('are at most one reconcile per 5 s, none per pushed event, and the header follows the rows', async () => {
    const { api, calls } = countingApi();
    useDepotStore.setState({ api, connected: true, plans: [night], currentPlanId: '1' });
    const store = useDepotStore.getState();
    const t0 = 1_000_000;
    store.tick(t0);
    store.showRows('1', 'all', 0, 1);
    await settle();
    const shown = calls.get('units.list') ?? 0;
    expect(shown).toBe(2);

    const perSecond = 5;
    const seconds = FILES / perSecond;
    let events = 0;
    const send = (event: DepotEvent): void => {
      events += 1;
      useDepotStore.getState().receive(event);
    };
    for (let s = 0; s < seconds; s++) {
      for (let k = 0; k < perSecond; k++) {
        const id = String(s * perSecond + k);
        send({
          type: 'unit',
          planId: '1',
          unitId: id,
          state: { kind: 'in-progress' },
          activity: { kind: 'idle' },
          was: 'pending',
        });
        send({
          type: 'unit',
          planId: '1',
          unitId: id,
          activity: { kind: 'retry-wait', nextAttemptAt: t0 + s * 1000 + 500 },
        });
        deposited.add(id);
        send({
          type: 'unit',
          planId: '1',
          unitId: id,
          state: { kind: 'done', alreadyPresent: false },
          activity: { kind: 'idle' },
          was: 'in-progress',
        });
      }
      useDepotStore.getState().tick(t0 + (s + 1) * 1000);
      await settle();
    }
    const reconciles = Math.floor((seconds * 1000) / RECONCILE_EVERY_MS) + 1;
    const reads = (calls.get('units.list') ?? 0) - shown;
    // Two pages on screen, read again at most once per 5 s (160 reads over 400 s, 0.4 a
    // second, for 6,000 events): no read follows an event.
    expect(events).toBe(3 * FILES);
    expect(reads).toBeLessThanOrEqual(2 * reconciles);
    expect(calls.get('plans.get') ?? 0).toBe(0);
    expect(calls.get('plans.list') ?? 0).toBe(0);
    // The header and the rows from the same events.
    const after = useDepotStore.getState();
    expect(after.plans[0]?.unitsDone).toBe(FILES);
    expect(after.rows?.pages.get(0)?.[3]?.state.kind).toBe('done');
    expect(after.waits['1']).toEqual({});
  });

  it('reads the rows on screen again once 5 s have passed, not before', async () => {
    const { api, calls } = countingApi();
    useDepotStore.setState({ api, connected: true, plans: [night] });
    const store = useDepotStore.getState();
    store.showRows('1', 'all', 0, 0);
    await settle();
    store.reconcile(10_000);
    store.reconcile(14_999);
    await settle();
    expect(calls.get('units.list')).toBe(2);
    store.reconcile(15_000);
    await settle();
    expect(calls.get('units.list')).toBe(3);
  });
});

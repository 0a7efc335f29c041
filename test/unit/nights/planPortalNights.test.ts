import { describe, expect, it } from 'vitest';
import type { FailureCause } from '../../../shared/domain/FailureCause';
import type { NewParticipation, Participation } from '../../../shared/portal/Participation';
import type { Portal, PortalParticipations } from '../../../shared/ports/Portal';
import type { PlanFolderInput } from '../../../electron/engine/planFolder';
import type { PlanningResult } from '../../../electron/engine/PlanSummary';
import type { NightInputs } from '../../../electron/nights/NightInputs';
import type { PortalPlanner } from '../../../electron/nights/planPortalNights';
import { planPortalNights } from '../../../electron/nights/planPortalNights';
import type { PlanRecord } from '../../../electron/store/PlanRecord';

const API = 'https://portal.example/api';
const portal = {
  endpoint: 'https://portal.example',
  target: { kind: 'vigiechiro', api: API },
} as unknown as Portal & PortalParticipations;

const nightOf = (date: string, span = true): NightInputs => ({
  night: date,
  prefix: date,
  include: [`${date}/a.wav`],
  metadata: { night: date } as unknown as NightInputs['metadata'],
  ...(span
    ? {
        span: {
          startsAt: Date.parse(`${date}T20:00:00Z`),
          endsAt: Date.parse(`${date}T23:00:00Z`),
        },
      }
    : {}),
});

/** An engine that records, in order, each participation asked and each plan made. */
const fakeEngine = (created: 'ok' | FailureCause | 'stopped' = 'ok') => {
  const calls: string[] = [];
  const plans: PlanFolderInput[] = [];
  const engine: PortalPlanner = {
    planFolder: (input) => {
      plans.push(input);
      calls.push(`plan ${input.portal?.participationId ?? '-'}`);
      return Promise.resolve({ id: plans.length, resumed: false } as unknown as PlanningResult);
    },
    createParticipation: (_portal: unknown, input: NewParticipation) => {
      calls.push(`create ${new Date(input.startsAt).toISOString().slice(0, 10)}`);
      if (created === 'stopped') return Promise.resolve({ kind: 'stopped' } as const);
      if (created !== 'ok') return Promise.resolve({ kind: 'refused', cause: created } as const);
      const p: Participation = {
        id: `p${calls.length}`,
        siteId: input.siteId,
        startsAt: input.startsAt,
      };
      return Promise.resolve({ kind: 'ok', value: p } as const);
    },
  };
  return { engine, calls, plans };
};

const folder = { dir: '/card', update: false, hashAhead: false } as const;
const hooks = (plans: readonly PlanRecord[] = []) => ({
  signal: new AbortController().signal,
  plans: () => plans,
});

describe('planPortalNights', () => {
  it('plans each night into its participation right after creating it, before asking the next', async () => {
    const { engine, calls, plans } = fakeEngine();
    const planned = await planPortalNights(
      engine,
      portal,
      folder,
      [nightOf('2026-07-01'), nightOf('2026-07-02')],
      { kind: 'per-night', siteId: 's1', point: 'Z1' },
      hooks(),
    );
    expect(calls).toEqual(['create 2026-07-01', 'plan p1', 'create 2026-07-02', 'plan p3']);
    expect(planned.kind).toBe('planned');
    // No bucket nor prefix: the portal places each file by its name.
    expect(plans.map((p) => [p.bucket, p.prefix])).toEqual([
      ['', ''],
      ['', ''],
    ]);
    if (planned.kind === 'planned')
      expect(planned.plans.map((p) => p.night.participation)).toEqual(['p1', 'p3']);
  });

  it("keeps the participation a plan of this folder's night already has, and uses a given one as is", async () => {
    const kept = {
      dir: '/card',
      metadata: { night: '2026-07-01' },
      portal: { target: portal.target, participationId: 'earlier' },
    } as unknown as PlanRecord;
    const again = fakeEngine();
    await planPortalNights(
      again.engine,
      portal,
      folder,
      [nightOf('2026-07-01')],
      { kind: 'per-night', siteId: 's1' },
      hooks([kept]),
    );
    expect(again.calls).toEqual(['plan earlier']);
    const given = fakeEngine();
    await planPortalNights(
      given.engine,
      portal,
      folder,
      [nightOf('2026-07-01')],
      { kind: 'given', id: 'P9' },
      hooks(),
    );
    expect(given.calls).toEqual(['plan P9']);
  });

  it('plans nothing of a night whose dates are unknown, or whose participation the portal refused', async () => {
    const noSpan = fakeEngine();
    expect(
      await planPortalNights(
        noSpan.engine,
        portal,
        folder,
        [nightOf('2026-07-01', false)],
        { kind: 'per-night', siteId: 's1' },
        hooks(),
      ),
    ).toMatchObject({ kind: 'no-participation', why: { kind: 'no-span' } });
    expect(noSpan.calls).toEqual([]);
    const refused = fakeEngine({ kind: 'portal-signed-out' });
    expect(
      await planPortalNights(
        refused.engine,
        portal,
        folder,
        [nightOf('2026-07-01')],
        { kind: 'per-night', siteId: 's1' },
        hooks(),
      ),
    ).toMatchObject({ kind: 'no-participation', why: { kind: 'refused' } });
    expect(refused.calls).toEqual(['create 2026-07-01']);
  });
});

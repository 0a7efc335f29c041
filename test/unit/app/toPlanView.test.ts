import { describe, expect, it } from 'vitest';
import { emptyOverlay } from '../../../electron/app/PlanOverlay';
import { planStateOf, toPlanView } from '../../../electron/app/toPlanView';
import type { PlanSummary } from '../../../electron/engine/PlanSummary';

const summary = (patch: Partial<PlanSummary> = {}): PlanSummary => ({
  id: 3,
  dir: '/night',
  endpoint: 'http://s3',
  bucket: 'b',
  prefix: 'S/P/2026-06-12',
  metadata: { site: 'S', point: 'P', night: '2026-06-12' },
  programme: null,
  createdAt: 1_000,
  completedAt: null,
  manifestAt: null,
  paused: false,
  bytesSent: 0,
  bytesResent: 0,
  correction: null,
  removing: false,
  removals: { pending: 0, removed: 0, absent: 0, notOurs: 0, denied: 0, uploads: 0 },
  portal: null,
  analysisAt: null,
  units: 10,
  pending: 5,
  inProgress: 2,
  deferred: 0,
  done: 3,
  alreadyPresent: 0,
  unverifiable: 0,
  failed: 0,
  leftOut: 0,
  conflicts: 0,
  bytesTotal: 1_000,
  bytesAcked: 400,
  ...patch,
});

describe('planStateOf', () => {
  const overlay = emptyOverlay();
  it.each([
    ['done', summary({ pending: 0, inProgress: 0, done: 10, manifestAt: 5 }), true],
    ['needs-attention', summary({ pending: 0, inProgress: 0, done: 9, failed: 1 }), false],
    ['paused', summary({ paused: true }), false],
    ['stopped', summary(), false],
    ['planned', summary({ done: 0, bytesAcked: 0 }), false],
    ['running', summary(), true],
    ['deferred', summary({ pending: 0, inProgress: 0, deferred: 4 }), true],
  ])('%s', (state, s, running) => {
    expect(planStateOf(s, overlay, running)).toBe(state);
  });

  it('says "waiting for network" over "running" while the engine waits for it', () => {
    expect(planStateOf(summary(), { ...emptyOverlay(), waitingNetwork: true }, true)).toBe(
      'waiting-network',
    );
  });

  it('keeps a blocked run (credentials refused) as needing attention once stopped', () => {
    expect(
      planStateOf(
        summary(),
        { ...emptyOverlay(), blocked: { kind: 'bucket-missing', bucket: 'b' } },
        false,
      ),
    ).toBe('needs-attention');
  });
});

describe('toPlanView', () => {
  it('estimates the time left from the throughput and exposes the earliest retry', () => {
    const overlay = emptyOverlay();
    overlay.throughputBytesPerSec = 100;
    overlay.activities.set(1, { kind: 'retry-wait', nextAttemptAt: 9_000 });
    overlay.activities.set(2, { kind: 'retry-wait', nextAttemptAt: 7_000 });
    overlay.activities.set(3, { kind: 'sending', bytesAcked: 5 });
    const view = toPlanView(summary(), overlay, true, null);
    expect(view).toMatchObject({
      id: '3',
      state: 'running',
      site: 'S',
      etaSeconds: 6,
      nextRetryAt: 7_000,
      deferredUntil: null,
    });
  });

  it('has no throughput nor estimate when not running', () => {
    const overlay = emptyOverlay();
    overlay.throughputBytesPerSec = 100;
    expect(toPlanView(summary(), overlay, false, null)).toMatchObject({
      throughputBytesPerSec: 0,
      etaSeconds: null,
    });
  });
});

describe('toPlanView: a 503 storm is not the network', () => {
  it('says "server unavailable" when the circuit opened on the server, "waiting network" otherwise', () => {
    const overlay = { ...emptyOverlay(), waitingNetwork: true };
    expect(planStateOf(summary(), overlay, true, true)).toBe('server-unavailable');
    expect(planStateOf(summary(), emptyOverlay(), true, true)).toBe('server-unavailable');
    expect(planStateOf(summary(), emptyOverlay(), false, true)).not.toBe('server-unavailable');
    expect(planStateOf(summary(), overlay, true, false)).toBe('waiting-network');
    expect(toPlanView(summary(), overlay, true, null, true).state).toBe('server-unavailable');
  });
});

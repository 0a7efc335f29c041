import { describe, expect, it } from 'vitest';
import { emptyOverlay } from '../../../electron/app/PlanOverlay';
import type { NightLive } from '../../../electron/engine/NightLive';
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

const quiet: NightLive = { waitingNetwork: false, waitingCard: false, nextRetryAt: null };
const offline: NightLive = { ...quiet, waitingNetwork: true };

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
    expect(planStateOf(s, overlay, quiet, running)).toBe(state);
  });

  it('says "waiting for network" over "running" while the engine waits for it', () => {
    expect(planStateOf(summary(), emptyOverlay(), offline, true)).toBe('waiting-network');
  });

  it('keeps a blocked run (credentials refused) as needing attention once stopped', () => {
    expect(
      planStateOf(
        summary(),
        { ...emptyOverlay(), blocked: { kind: 'bucket-missing', bucket: 'b' } },
        quiet,
        false,
      ),
    ).toBe('needs-attention');
  });
});

describe('toPlanView', () => {
  it("estimates the time left from the throughput and exposes the engine's earliest wait", () => {
    const overlay = emptyOverlay();
    overlay.throughputBytesPerSec = 100;
    const view = toPlanView(summary(), overlay, { ...quiet, nextRetryAt: 7_000 }, true, null);
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
    expect(toPlanView(summary(), overlay, quiet, false, null)).toMatchObject({
      throughputBytesPerSec: 0,
      etaSeconds: null,
    });
  });
});

describe('toPlanView: a 503 storm is not the network', () => {
  it('says "server unavailable" when the circuit opened on the server, "waiting network" otherwise', () => {
    const overlay = emptyOverlay();
    expect(planStateOf(summary(), overlay, offline, true, true)).toBe('server-unavailable');
    expect(planStateOf(summary(), overlay, quiet, true, true)).toBe('server-unavailable');
    expect(planStateOf(summary(), overlay, quiet, false, true)).not.toBe('server-unavailable');
    expect(planStateOf(summary(), overlay, offline, true, false)).toBe('waiting-network');
    expect(toPlanView(summary(), overlay, offline, true, null, true).state).toBe(
      'server-unavailable',
    );
  });
});

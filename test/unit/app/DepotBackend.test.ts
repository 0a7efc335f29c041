import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandPrefix } from '../../../shared/field/expandPrefix';
import { wavFile } from '../../../shared/field/riffBytes';
import type { DepotEvent } from '../../../shared/ipc/DepotEvent';
import type { PlanView } from '../../../shared/ipc/views';
import { seededRandom } from '../../../shared/random/seededRandom';
import { checkFolder } from '../../../electron/app/checkFolder';
import { DepotBackend } from '../../../electron/app/DepotBackend';
import { fileSecretStore } from '../../../electron/app/FileSecretStore';
import { createEngineStack } from '../../../electron/runtime/createEngineStack';
import { synthNight } from '../../../electron/field/synthNight';
import { dispatch } from '../../../electron/ipc/dispatch';
import { MemoryObjectStore } from '../../../electron/s3/MemoryObjectStore';
import { openDatabase } from '../../../electron/store/openDatabase';
import { PlanStore } from '../../../electron/store/PlanStore';
import { trackedHasher } from '../../support/trackedHasher';
import { trackedSourceReader } from '../../support/trackedSourceReader';
import { VirtualTime } from '../../support/VirtualTime';

const SECRET = 'unit-test-secret-value-0123456789';
let root: string;
let night: string;
let objects: MemoryObjectStore;
let store: PlanStore;
let backend: DepotBackend;
const events: DepotEvent[] = [];
const notices: { title: string; body: string; planId: string; kind: string }[] = [];

const settings = {
  endpoint: 'http://127.0.0.1:9',
  region: 'us-east-1',
  bucket: 'nights',
  prefixTemplate: '{site}/{point}/{night}',
  pathStyle: true,
  concurrency: 2,
  bwlimitBytesPerSec: null,
  keepRunningInBackground: false,
  locale: 'fr' as const,
};

// The backend, its engine and the memory store all run on this clock; the source files are
// read for real, each read a task the clock waits for (issue 13): no wait depends on speed.
const time = new VirtualTime();

/** One call through the contract, virtual time running while it is answered. */
const call = (method: string, input?: unknown) =>
  time.drive(
    dispatch(backend.handlers, method, input, (_m, e) => {
      throw e;
    }),
  );

/** The next view of a night in `state`, virtual time running until it comes. */
const planEvent = (state: string): { readonly next: () => Promise<PlanView> } => {
  const seen = new Promise<PlanView>((resolve) => {
    const stop = backend.subscribe((event) => {
      if (event.type === 'plan' && event.plan.state === state) {
        stop();
        resolve(event.plan);
      }
    });
  });
  return { next: () => time.drive(seen) };
};

/** Virtual time runs until `holds()` (looked at every virtual 50 ms). */
const until = (holds: () => boolean): Promise<void> =>
  time.drive(
    (async () => {
      while (!holds()) await time.sleep(50);
    })(),
  );

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'depot-backend-'));
  night = join(root, 'night');
  await synthNight(night, { files: 5, sizes: 'small', seed: 5 });
  objects = new MemoryObjectStore({ bucket: 'nights', clock: time });
  store = new PlanStore(openDatabase(':memory:'));
  backend = new DepotBackend({
    mode: 'bridge',
    version: 'test',
    settingsPath: join(root, 'settings.json'),
    secrets: fileSecretStore(join(root, 'credentials.json')),
    clock: time,
    sleeper: time,
    createEngine: () => {
      const { engine, policy } = createEngineStack({
        store,
        objectStore: objects,
        clock: time,
        sleeper: time,
        random: seededRandom(5),
        sourceReader: trackedSourceReader(time),
        hasher: trackedHasher(time),
      });
      return {
        engine,
        networkChanged: (online) => policy.networkChanged(online),
        circuit: () => policy.circuit(objects.endpoint),
      };
    },
    createObjectStore: () => objects,
    earliestDeferred: (planId) => store.earliestDeferred(planId),
    preflight: checkFolder,
    expandPrefix,
    notify: (notice) => notices.push(notice),
    log: () => undefined,
  });
  backend.subscribe((event) => events.push(event));
  await time.drive(backend.start());
});

afterAll(async () => {
  await time.drive(backend.stop());
  await rm(root, { recursive: true, force: true });
});

// Deposits run on virtual time against the memory store: every wait is on an observed event or
// state; a hang is the test's timeout.
describe('DepotBackend', () => {
  it('starts unconfigured and says so instead of failing', async () => {
    expect(await call('plans.list')).toEqual({ ok: true, value: [] });
    expect(await call('settings.get')).toMatchObject({
      ok: true,
      value: { credentials: 'not-set' },
    });
    expect(
      await call('plans.create', { dir: night, site: 'S', point: 'P', night: '2026-06-12' }),
    ).toMatchObject({ ok: false, error: { code: 'not-configured' } });
    expect(await call('dialog.chooseFolder')).toEqual({ ok: true, value: { kind: 'unsupported' } });
  });

  it('keeps credentials write-only: "set" for the page, a 0600 file, never in settings.json', async () => {
    const saved = await call('settings.set', {
      ...settings,
      credentials: { accessKeyId: 'AKIDUNITTEST', secretAccessKey: SECRET },
    });
    expect(saved).toMatchObject({ ok: true, value: { credentials: 'set', bucket: 'nights' } });
    expect(JSON.stringify(saved)).not.toContain(SECRET);
    expect(JSON.stringify(await call('settings.get'))).not.toContain(SECRET);
    expect(await readFile(join(root, 'settings.json'), 'utf8')).not.toContain(SECRET);
    expect((await stat(join(root, 'credentials.json'))).mode & 0o777).toBe(0o600);
  });

  it('gives a connection verdict from the object store', async () => {
    expect(await call('settings.testConnection')).toEqual({
      ok: true,
      value: {
        reachable: true,
        folder: 'nights/',
        credentialsAccepted: true,
        bucketExists: true,
        canList: true,
        bucketWritable: true,
        conditionalWrites: {
          putIfNoneMatch: true,
          completeIfMatch: true,
          marker: 'nights/.depot/conditional-check',
        },
      },
    });
    objects.setCredentialsValid(false);
    const refused = await call('settings.testConnection');
    objects.setCredentialsValid(true);
    expect(refused).toMatchObject({
      ok: true,
      value: { reachable: true, credentialsAccepted: false },
    });
  });

  it('plans a night from the pre-flight and deposits it, pushing plan events until done', async () => {
    const checked = await call('preflight.run', { dir: night });
    expect(checked).toMatchObject({
      ok: true,
      value: { files: 5, blocking: 0, suggested: { night: '2026-06-12' } },
    });
    const done = planEvent('done');
    const created = await call('plans.create', {
      dir: night,
      site: 'SITE01',
      point: 'P1',
      night: '2026-06-12',
    });
    expect(created).toMatchObject({
      ok: true,
      value: { kind: 'started', plans: [{ prefix: 'SITE01/P1/2026-06-12', unitsTotal: 5 }] },
    });
    const plan = await done.next();
    expect(plan).toMatchObject({ unitsDone: 5, unitsFailed: 0, nextRetryAt: null });
    expect(plan.bytesAcked).toBe(plan.bytesTotal);
    expect(
      [...objects.objects.keys()].filter((k) => k.startsWith('SITE01/P1/2026-06-12/')).length,
    ).toBe(6);
    const page = await call('units.list', {
      planId: plan.id,
      offset: 0,
      limit: 10,
      filter: 'done',
    });
    expect(page).toMatchObject({ ok: true, value: { total: 5 } });
    expect(events.some((e) => e.type === 'unit')).toBe(true);
  });

  it('applies the pre-flight: skips are left out, blocking files refuse the start unless skipped', async () => {
    const mixed = join(root, 'mixed');
    await mkdir(mixed);
    const wavs = (await readdir(night)).filter((f) => f.endsWith('.wav')).sort();
    for (const f of wavs) await copyFile(join(night, f), join(mixed, f));
    const first = wavs[0] ?? '';
    await copyFile(join(night, first), join(mixed, `${first.slice(0, -4)}_copy.wav`));
    await writeFile(join(mixed, 'empty.wav'), '');
    await writeFile(join(mixed, 'broken.wav'), 'not a RIFF file at all');
    const entry = { dir: mixed, site: 'MIX', point: 'P1', night: '2026-06-12' };
    expect(await call('plans.create', entry)).toMatchObject({
      ok: false,
      error: { code: 'blocked' },
    });
    const done = planEvent('done');
    const created = await call('plans.create', { ...entry, skipInvalid: true });
    expect(created).toMatchObject({
      ok: true,
      value: { kind: 'started', plans: [{ unitsTotal: wavs.length }] },
    });
    await done.next();
    const keys = [...objects.objects.keys()].filter((k) => k.startsWith('MIX/P1/2026-06-12/'));
    const manifests = keys.filter((k) => k.startsWith('MIX/P1/2026-06-12/.depot/'));
    expect(manifests).toHaveLength(1);
    expect(manifests[0]).toMatch(/\/\.depot\/night-[0-9a-f]{32}\.json$/);
    expect(keys.filter((k) => !manifests.includes(k)).sort()).toEqual(
      wavs.map((f) => `MIX/P1/2026-06-12/${f}`).sort(),
    );
  });

  it('refuses to resume a plan another Depot process is depositing, naming it', async () => {
    const plans = await call('plans.list');
    const planId = plans.ok ? (plans.value as PlanView[])[0]?.id : undefined;
    if (planId === undefined) throw new Error('no plan');
    const id = Number(planId);
    store.acquireLease({
      planId: id,
      pid: 4242,
      host: `${hostname()}-desk`,
      token: 'the-command-line',
      now: time.now(),
      staleMs: 60_000,
      isAlive: () => true,
    });
    try {
      expect(await call('plans.resume', { planId })).toMatchObject({
        ok: false,
        error: {
          code: 'blocked',
          message: `plan ${id} is being deposited by another Depot process, pid 4242 on ${hostname()}-desk`,
        },
      });
    } finally {
      store.releaseLease(id, 'the-command-line');
    }
    expect(await call('plans.resume', { planId })).toMatchObject({ ok: true });
  });

  it('deposits each night of a two-night folder under its own date, or one night; a changed folder waits for "deposit the changes"', async () => {
    const two = join(root, 'two-nights');
    await mkdir(two);
    const wav = (seed: number): Uint8Array =>
      wavFile({
        format: { sampleRate: 384_000, channels: 1, bitsPerSample: 16 },
        audio: new Uint8Array(4_000).map((_, i) => (i * 7 + seed * 13) & 0xff),
      });
    await writeFile(join(two, 'PT1_20240601_220000.wav'), wav(1));
    await writeFile(join(two, 'PT1_20240602_013000.wav'), wav(2));
    await writeFile(join(two, 'PT1_20240602_230000.wav'), wav(3));
    const keysUnder = (prefix: string): string[] =>
      [...objects.objects.keys()].filter((k) => k.startsWith(prefix)).sort();
    const entry = { dir: two, site: 'TWO', point: 'P1', night: '2024-06-01' };

    // The folder-level "several nights" block is settled by the choice, never by mixing.
    const each = await call('plans.create', { ...entry, nights: 'each' });
    expect(each).toMatchObject({
      ok: true,
      value: {
        kind: 'started',
        plans: [{ prefix: 'TWO/P1/2024-06-01' }, { prefix: 'TWO/P1/2024-06-02' }],
      },
    });
    await until(() => keysUnder('TWO/').filter((k) => k.includes('/.depot/night-')).length === 2);
    expect(keysUnder('TWO/').filter((k) => k.endsWith('.wav'))).toEqual([
      'TWO/P1/2024-06-01/PT1_20240601_220000.wav',
      'TWO/P1/2024-06-01/PT1_20240602_013000.wav',
      'TWO/P1/2024-06-02/PT1_20240602_230000.wav',
    ]);

    // One card, one deposit (issue 31): the same night elsewhere only as an explicit copy.
    const second = { ...entry, site: 'ONE', night: '2024-06-02', nights: 'one' } as const;
    expect(await call('plans.create', second)).toMatchObject({
      ok: false,
      error: { code: 'blocked', reason: { kind: 'card-deposited' } },
    });
    const one = await call('plans.create', { ...second, copy: true });
    expect(one).toMatchObject({ ok: true, value: { kind: 'started', plans: [{ unitsTotal: 1 }] } });
    await until(() => keysUnder('ONE/').some((k) => k.includes('/.depot/night-')));
    expect(keysUnder('ONE/').filter((k) => k.endsWith('.wav'))).toEqual([
      'ONE/P1/2024-06-02/PT1_20240602_230000.wav',
    ]);

    await writeFile(join(two, 'PT1_20240601_233000.wav'), wav(4));
    const changed = await call('plans.create', { ...entry, nights: 'each' });
    expect(changed).toEqual({
      ok: true,
      value: {
        kind: 'changed',
        changes: [{ night: '2024-06-01', relPath: 'PT1_20240601_233000.wav', change: 'added' }],
      },
    });
    const updated = await call('plans.create', { ...entry, nights: 'each', update: true });
    expect(updated).toMatchObject({ ok: true, value: { kind: 'started' } });
    await until(() =>
      keysUnder('TWO/P1/2024-06-01/').includes('TWO/P1/2024-06-01/PT1_20240601_233000.wav'),
    );
  });

  it('answers unknown plans with not-found, and exports diagnostics without the secret', async () => {
    expect(await call('plans.get', { planId: '999' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    const exported = await call('diagnostics.export');
    expect(exported.ok).toBe(true);
    expect(JSON.stringify(exported)).not.toContain(SECRET);
    expect(JSON.stringify(exported)).not.toContain('AKIDUNITTEST');
  });

  it('refuses a prefix template that would escape the prefix (issue 12)', async () => {
    for (const prefixTemplate of ['../{site}', '/abs/{site}', 'a/../b', 'a\u0007b']) {
      const result = await call('settings.set', { ...settings, prefixTemplate });
      expect(result.ok ? 'accepted' : result.error.code).toBe('invalid-input');
      expect(result.ok ? '' : result.error.message).toContain('prefix');
    }
  });
});

describe('DepotBackend: a night blocked at its start', () => {
  it(
    'says why on the night, and goes on after a successful connection test',
    { timeout: 20_000 },
    async () => {
      const fresh = join(root, 'blocked-night');
      await synthNight(fresh, { files: 2, sizes: 'small', seed: 9 });
      objects.setBucketExists(false);
      const blocked = planEvent('needs-attention');
      const created = await call('plans.create', {
        dir: fresh,
        site: 'BLK',
        point: 'P1',
        night: '2026-06-13',
      });
      expect(created.ok).toBe(true);
      const stranded = await blocked.next();
      // The laptop says it even with the window closed: a decision is needed.
      expect(notices.at(-1)?.title).toBe('Dépôt bloqué');
      expect(notices.at(-1)?.body).toContain('BLK · P1 · 2026-06-13');
      // Clicked, the notice opens this night (FieldShell sends it to the window).
      expect(notices.at(-1)).toMatchObject({ planId: stranded.id, kind: 'blocked' });
      expect(stranded.blocker).toEqual({ kind: 'bucket-missing', bucket: 'nights' });
      expect(stranded).toMatchObject({ endpoint: objects.endpoint, bucket: 'nights' });
      // The test fails while the bucket is still missing: the night stays where it is.
      expect(await call('settings.testConnection')).toMatchObject({
        ok: true,
        value: { bucketExists: false },
      });
      expect(await call('plans.get', { planId: stranded.id })).toMatchObject({
        ok: true,
        value: { state: 'needs-attention', blocker: { kind: 'bucket-missing' } },
      });
      objects.setBucketExists(true);
      const done = planEvent('done');
      expect(await call('settings.testConnection')).toMatchObject({
        ok: true,
        value: { bucketWritable: true },
      });
      const finished = await done.next();
      expect(finished).toMatchObject({ id: stranded.id, blocker: null, unitsDone: 2 });
      await until(() => notices.at(-1)?.title === 'Nuit déposée');
      expect(notices.at(-1)).toMatchObject({ planId: stranded.id, kind: 'completed' });
      expect(finished.completedAt).not.toBeNull();
    },
  );

  it('answers refusals as a code and parameters the interface translates', async () => {
    expect(await call('preflight.run', { dir: join(root, 'nowhere') })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', reason: { kind: 'folder-missing' } },
    });
    expect(await call('plans.get', { planId: '999' })).toMatchObject({
      ok: false,
      error: { reason: { kind: 'no-such-plan' } },
    });
  });
});

describe('DepotBackend: tidy nights and the field laptop', () => {
  it('archives a night in this app only: the server keeps every object, and it comes back', async () => {
    const listed = await call('plans.list');
    const first = listed.ok ? (listed.value as PlanView[])[0] : undefined;
    if (first === undefined) throw new Error('no plan');
    const keys = [...objects.objects.keys()].sort();
    expect(await call('plans.archive', { planId: first.id, archived: true })).toMatchObject({
      ok: true,
      value: { id: first.id, archived: true },
    });
    expect(await call('plans.get', { planId: first.id })).toMatchObject({
      value: { archived: true },
    });
    expect(JSON.parse(await readFile(join(root, 'archived-nights.json'), 'utf8'))).toEqual([
      Number(first.id),
    ]);
    expect([...objects.objects.keys()].sort()).toEqual(keys);
    await call('plans.archive', { planId: first.id, archived: false });
    expect(await call('plans.get', { planId: first.id })).toMatchObject({
      value: { archived: false },
    });
  });

  it('tells the interface when system sleep is held off, in app.info and by an event', async () => {
    backend.keepingAwakeChanged(true);
    expect(events.at(-1)).toEqual({ type: 'power', keepingAwake: true });
    expect(await call('app.info')).toMatchObject({ ok: true, value: { keepingAwake: true } });
    backend.keepingAwakeChanged(false);
    expect(await call('app.info')).toMatchObject({ value: { keepingAwake: false } });
  });
});

describe('DepotBackend: forget a night, and the destination before a deposit', () => {
  it(
    'forgets a night in this database only, refused while it deposits; the server is not asked',
    { timeout: 20_000 },
    async () => {
      const dir = join(root, 'forget-night');
      await synthNight(dir, { files: 2, sizes: 'small', seed: 21 });
      // Unreachable storage: the night keeps depositing (waiting for the network) until paused.
      objects.setDown(true);
      const created = await call('plans.create', {
        dir,
        site: 'FGT',
        point: 'P1',
        night: '2026-06-14',
      });
      const planId = created.ok ? (created.value as { plans: PlanView[] }).plans[0]?.id : undefined;
      if (planId === undefined) throw new Error('not created');
      const id = Number(planId);
      expect(await call('plans.forget', { planId })).toMatchObject({
        ok: false,
        error: { code: 'blocked', reason: { kind: 'night-depositing' } },
      });
      await call('plans.pause', { planId });
      await until(() => !backend.isBusy());
      objects.setDown(false);
      await call('plans.archive', { planId, archived: true });
      const units = store.listUnits(id, { offset: 0, limit: 10 }).units;
      expect(units).toHaveLength(2);
      expect(store.journal({ limit: 10, planId: id }).length).toBeGreaterThan(0);
      const keys = [...objects.objects.keys()].sort();
      const requests = objects.count();

      expect(await call('plans.forget', { planId })).toEqual({
        ok: true,
        value: { forgotten: planId },
      });
      expect(objects.count()).toBe(requests);
      expect([...objects.objects.keys()].sort()).toEqual(keys);
      expect(store.getPlan(id)).toBeUndefined();
      expect(store.listUnits(id, { offset: 0, limit: 10 }).total).toBe(0);
      expect(store.journal({ limit: 10, planId: id })).toEqual([]);
      expect(events.at(-1)).toEqual({ type: 'plans-changed' });
      expect(JSON.parse(await readFile(join(root, 'archived-nights.json'), 'utf8'))).not.toContain(
        id,
      );
      const listed = await call('plans.list');
      expect(listed.ok && (listed.value as PlanView[]).some((p) => p.id === planId)).toBe(false);
      expect(await call('plans.forget', { planId })).toMatchObject({
        ok: false,
        error: { code: 'not-found', reason: { kind: 'no-such-plan' } },
      });
    },
  );

  it('forgets a night whose view was about to be pushed: the push is dropped, nothing throws', async () => {
    const dir = join(root, 'forget-pending');
    await synthNight(dir, { files: 1, sizes: 'small', seed: 22 });
    objects.setDown(true);
    const created = await call('plans.create', {
      dir,
      site: 'FGP',
      point: 'P1',
      night: '2026-06-15',
    });
    const planId = created.ok ? (created.value as { plans: PlanView[] }).plans[0]?.id : undefined;
    if (planId === undefined) throw new Error('not created');
    await call('plans.pause', { planId });
    await until(() => !backend.isBusy());
    objects.setDown(false);
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown): void => {
      rejections.push(reason);
    };
    process.on('unhandledRejection', onRejection);
    try {
      // Paused again: its view is due in 250 ms; forgotten at once, the night is gone by then.
      await call('plans.pause', { planId });
      const from = events.length;
      expect(await call('plans.forget', { planId })).toMatchObject({ ok: true });
      await time.drive(time.sleep(1_000));
      await new Promise((resolve) => setImmediate(resolve));
      expect(rejections).toEqual([]);
      expect(events.slice(from).filter((e) => e.type === 'plan' && e.plan.id === planId)).toEqual(
        [],
      );
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('refuses to forget a night another Depot process is depositing', async () => {
    const listed = await call('plans.list');
    const planId = listed.ok ? (listed.value as PlanView[])[0]?.id : undefined;
    if (planId === undefined) throw new Error('no plan');
    const id = Number(planId);
    store.acquireLease({
      planId: id,
      pid: 4243,
      host: `${hostname()}-desk`,
      token: 'the-command-line',
      now: time.now(),
      staleMs: 60_000,
      isAlive: () => true,
    });
    try {
      expect(await call('plans.forget', { planId })).toMatchObject({
        ok: false,
        error: { code: 'blocked', reason: { kind: 'held-elsewhere', pid: 4243 } },
      });
      expect(store.getPlan(id)).toBeDefined();
    } finally {
      store.releaseLease(id, 'the-command-line');
    }
  });

  it('previews where each night goes, the template expanded with what is known', async () => {
    expect(
      await call('plans.previewDestination', {
        dir: night,
        site: 'SITE01',
        point: 'P1',
        night: '2026-06-12',
      }),
    ).toEqual({
      ok: true,
      value: [
        {
          night: '2026-06-12',
          endpoint: settings.endpoint,
          bucket: 'nights',
          prefix: 'SITE01/P1/2026-06-12',
          template: '{site}/{point}/{night}',
        },
      ],
    });
    // A placeholder without a value yet: no invented segment, the template is shown instead.
    const partial = await call('plans.previewDestination', {
      dir: night,
      site: 'SITE01',
      point: '',
      night: '2026-06-12',
    });
    expect(partial).toMatchObject({ ok: true, value: [{ prefix: null }] });
    // Several nights: one line per night, each under its own date, as plans.create files them.
    expect(
      await call('plans.previewDestination', {
        dir: join(root, 'two-nights'),
        site: 'TWO',
        point: 'P1',
        night: '2024-06-01',
      }),
    ).toMatchObject({
      ok: true,
      value: [
        { night: '2024-06-01', prefix: 'TWO/P1/2024-06-01' },
        { night: '2024-06-02', prefix: 'TWO/P1/2024-06-02' },
      ],
    });
  });
});

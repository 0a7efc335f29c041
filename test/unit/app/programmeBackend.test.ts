import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandPrefix } from '../../../shared/field/expandPrefix';
import type { PlanView, SettingsView } from '../../../shared/ipc/views';
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
import { profileText, vigieChiroProfile } from '../../support/programmeProfiles';
import { trackedHasher } from '../../support/trackedHasher';
import { trackedSourceReader } from '../../support/trackedSourceReader';
import { VirtualTime } from '../../support/VirtualTime';

let root: string;
let night: string;
let objects: MemoryObjectStore;
let store: PlanStore;
let backend: DepotBackend;
const time = new VirtualTime();

const call = (method: string, input?: unknown) =>
  time.drive(
    dispatch(backend.handlers, method, input, (_m, e) => {
      throw e;
    }),
  );

const profile = vigieChiroProfile(
  { endpoint: 'http://127.0.0.1:9', region: 'fr-par', bucket: 'nights' },
  {
    names: {
      prefix: 'Car{carre}/Pass{passage}/{point}/{night}',
      object: 'Car{carre}-{year}-Pass{passage}-{point}-{recorder}_{date}_{time}_{ms}.{ext:lower}',
      otherFiles: 'skip',
    },
    defaults: { timeZone: 'Europe/Paris', concurrency: 3, bandwidthLimitBytesPerSec: null },
  },
);
const fields = { carre: '640123', passage: '2', point: 'Z1', detecteur: 'SM4-07' };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'depot-programme-backend-'));
  night = join(root, 'night');
  await synthNight(night, { files: 3, sizes: 'small', seed: 9 });
  await writeFile(join(night, 'CONFIG.TXT'), 'gain=medium');
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
        random: seededRandom(9),
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
    log: () => undefined,
  });
  await time.drive(backend.start());
});

afterAll(async () => {
  await time.drive(backend.stop());
  await rm(root, { recursive: true, force: true });
});

const settingsNow = async (): Promise<SettingsView> => {
  const got = await call('settings.get');
  if (!got.ok) throw new Error('settings.get');
  return got.value as SettingsView;
};

describe('a programme’s profile in the app', () => {
  it('refuses a bad profile with its problem, and changes nothing', async () => {
    const before = await settingsNow();
    const refusals = [
      [{ text: '{"format": "depot-programme",' }, 'not-json'],
      [{ text: profileText({ ...profile, version: 2 }) }, 'unknown-version'],
      [
        {
          text: profileText({
            ...profile,
            fields: [{ name: 'carre', label: { fr: 'C', en: 'S' }, pattern: '(' }],
          }),
        },
        'bad-pattern',
      ],
      [{ path: join(root, 'absent.json') }, undefined],
    ] as const;
    for (const [input, kind] of refusals) {
      const refused = await call('programme.import', input);
      expect(refused).toMatchObject({
        ok: false,
        error:
          kind === undefined
            ? { reason: { kind: 'programme-unreadable', path: join(root, 'absent.json') } }
            : { code: 'invalid-input', reason: { kind: 'programme-invalid', problem: { kind } } },
      });
    }
    expect(await settingsNow()).toEqual(before);
  });

  it('imports a profile from its path: the settings take what it fixes, and show it', async () => {
    const path = join(root, 'vigie-chiro.json');
    await writeFile(path, profileText(profile));
    const imported = await call('programme.import', { path });
    expect(imported).toMatchObject({
      ok: true,
      value: {
        endpoint: 'http://127.0.0.1:9',
        region: 'fr-par',
        bucket: 'nights',
        pathStyle: true,
        prefixTemplate: 'Car{carre}/Pass{passage}/{point}/{night}',
        concurrency: 3,
        programme: {
          name: 'Vigie-Chiro — point fixe (exemple)',
          sha256: createHash('sha256')
            .update(await readFile(path))
            .digest('hex'),
          timeZone: 'Europe/Paris',
          otherFiles: 'skip',
          fields: [
            { name: 'carre', label: { fr: 'Carré', en: 'Square' }, pattern: '^\\d{6}$' },
            expect.anything(),
            expect.anything(),
            expect.anything(),
          ],
        },
      },
    });
    // The form cannot move what the profile fixes: it sends no prefix, and its bucket is ignored.
    const saved = await call('settings.set', {
      endpoint: 'http://elsewhere.example',
      region: 'us-east-1',
      bucket: 'other-bucket',
      pathStyle: false,
      concurrency: 2,
      bwlimitBytesPerSec: null,
      keepRunningInBackground: false,
      locale: 'fr',
      credentials: { accessKeyId: 'AKIDPROGRAMME', secretAccessKey: 'secret-of-the-volunteer' },
    });
    expect(saved).toMatchObject({
      ok: true,
      value: { endpoint: 'http://127.0.0.1:9', bucket: 'nights', pathStyle: true, concurrency: 2 },
    });
  });

  it('previews the names as the fields are typed, and blocks none when they are complete', async () => {
    expect(
      await call('plans.previewNames', { dir: night, fields: { carre: '64' }, night: '' }),
    ).toEqual({ ok: true, value: { kind: 'fields-incomplete' } });
    const preview = await call('plans.previewNames', { dir: night, fields, night: '' });
    expect(preview).toMatchObject({
      ok: true,
      value: { kind: 'named', named: 3, total: 3, issues: [] },
    });
    if (!preview.ok) return;
    const value = preview.value as { examples: { relPath: string; key: string }[] };
    for (const e of value.examples)
      expect(e.key).toMatch(
        /^Car640123\/Pass2\/Z1\/\d{4}-\d{2}-\d{2}\/Car640123-\d{4}-Pass2-Z1-[A-Z0-9-]+_\d{8}_\d{6}_\d{3}\.wav$/,
      );
    // The companion file is left out by the profile, said so in the pre-flight.
    const checked = await call('preflight.run', { dir: night });
    expect(checked).toMatchObject({
      ok: true,
      value: { issues: [{ relPath: 'CONFIG.TXT', kind: 'not-for-programme', decision: 'skip' }] },
    });
  });

  it('refuses a field that does not match its pattern, naming it with its label', async () => {
    const night0 = (await call('preflight.run', { dir: night })) as {
      ok: true;
      value: { suggested: { night: string } };
    };
    expect(
      await call('plans.create', {
        dir: night,
        fields: { ...fields, point: 'Z0' },
        night: night0.value.suggested.night,
      }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        reason: {
          kind: 'field-invalid',
          field: 'point',
          label: { fr: 'Point', en: 'Point' },
          pattern: '^(Z[1-9]\\d*|[A-H][12])$',
        },
      },
    });
    expect(await call('plans.list')).toEqual({ ok: true, value: [] });
  });

  it('deposits under the programme’s names and records the profile on the night', async () => {
    const checked = (await call('preflight.run', { dir: night })) as {
      ok: true;
      value: { suggested: { night: string } };
    };
    const created = await call('plans.create', {
      dir: night,
      fields,
      night: checked.value.suggested.night,
    });
    expect(created).toMatchObject({ ok: true, value: { kind: 'started' } });
    if (!created.ok) return;
    const [plan] = (created.value as { plans: PlanView[] }).plans;
    expect(plan).toMatchObject({
      programme: { name: 'Vigie-Chiro — point fixe (exemple)', fields },
      unitsTotal: 3,
    });
    const planId = Number(plan?.id);
    await time.drive(
      (async () => {
        while (store.getPlan(planId)?.manifestAt == null) await time.sleep(50);
      })(),
    );
    const keys = [...objects.objects.keys()].filter((k) => !k.includes('/.depot/'));
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^Car640123\/Pass2\/Z1\/.*_\d{3}\.wav$/);
    expect(store.getPlan(planId)?.programme).toMatchObject({ fields, version: 1 });
    // The values come back next time.
    expect((await settingsNow()).programme?.lastFields).toEqual(fields);
  });

  it('removes the profile: the settings it wrote stay, editable again', async () => {
    const removed = await call('programme.remove');
    expect(removed).toMatchObject({
      ok: true,
      value: {
        programme: null,
        bucket: 'nights',
        prefixTemplate: 'Car{carre}/Pass{passage}/{point}/{night}',
      },
    });
    expect(await call('plans.previewNames', { dir: night, fields, night: '' })).toEqual({
      ok: true,
      value: { kind: 'no-programme' },
    });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { PlanError } from '../../../electron/engine/PlanError';
import { nightManifestKey } from '../../../shared/wire/nightManifestKey';
import type { ProgrammeRecord } from '../../../shared/programme/ProgrammeRecord';
import { contentOf, makeHarness } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

const files = { 'DATA/0166_20240531_223911.wav': 30_000, 'DATA/Audiomoth.WAV': 20_000 };
const names = new Map([
  ['DATA/0166_20240531_223911.wav', 'Car640123-2024-Pass1-Z1-SM4_20240531_223911_000.wav'],
  ['DATA/Audiomoth.WAV', 'Car640123-2024-Pass1-Z1-SM4_20240903_211500_000.wav'],
]);
const programme: ProgrammeRecord = {
  name: 'Vigie-Chiro — point fixe',
  version: 1,
  sha256: 'a'.repeat(64),
  fields: { carre: '640123', passage: '1', point: 'Z1' },
};

describe('a night named by a programme', () => {
  it('deposits each file under its programme name, never renaming the card, and maps path to key in its manifest', async () => {
    h = makeHarness({ files });
    const prefix = 'Car640123/2024/Pass1/Z1';
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix, names, programme });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    for (const [relPath, name] of names) {
      const object = h.objects.objects.get(`${prefix}/${name}`);
      expect(
        Buffer.from(object?.bytes ?? []).equals(
          contentOf(relPath, files[relPath as keyof typeof files]),
        ),
        relPath,
      ).toBe(true);
    }
    expect([...h.objects.objects.keys()].filter((k) => !k.includes('/.depot/')).sort()).toEqual(
      [...names.values()].map((n) => `${prefix}/${n}`).sort(),
    );
    expect(h.store.getPlan(plan.id)?.programme).toEqual(programme);
    expect(h.engine.planSummary(plan.id).programme).toEqual(programme);
    const manifest = JSON.parse(
      Buffer.from(
        h.objects.objects.get(nightManifestKey(prefix, h.store.getPlan(plan.id)?.nightId ?? ''))
          ?.bytes ?? [],
      ).toString('utf8'),
    ) as { programme: unknown; files: { key: string; path: string }[] };
    expect(manifest.programme).toEqual(programme);
    expect(Object.fromEntries(manifest.files.map((f) => [f.path, f.key]))).toEqual(
      Object.fromEntries([...names].map(([p, n]) => [p, `${prefix}/${n}`])),
    );
  });

  it('resumes the night with the same names, and refuses other names for it', async () => {
    h = makeHarness({ files });
    const plan = await h.engine.planFolder({
      dir: h.dir,
      bucket: 'b',
      prefix: 'p',
      names,
      programme,
    });
    const again = await h.engine.planFolder({
      dir: h.dir,
      bucket: 'b',
      prefix: 'p',
      names,
      programme: { ...programme, sha256: 'b'.repeat(64) },
    });
    expect(again).toMatchObject({ id: plan.id, resumed: true });
    // The night keeps the profile it was created with.
    expect(h.store.getPlan(plan.id)?.programme?.sha256).toBe('a'.repeat(64));
    const other = new Map([...names].map(([p, n]) => [p, n.replace('Pass1', 'Pass2')]));
    const refused = await h.engine
      .planFolder({ dir: h.dir, bucket: 'b', prefix: 'p', names: other, programme })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PlanError);
    expect((refused as PlanError).detail).toMatchObject({
      code: 'names-changed',
      planId: plan.id,
      count: 2,
    });
    expect((refused as PlanError).message).toContain('was created with other names for 2 file(s)');
    // Without the profile, the files' own paths are other names too.
    await expect(h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' })).rejects.toThrow(
      PlanError,
    );
  });

  it('leaves a night made without a profile as it was: keys are the card’s paths', async () => {
    h = makeHarness({ files });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(h.store.getPlan(plan.id)?.programme).toBeNull();
    expect(
      h.engine
        .listUnits(plan.id, { offset: 0, limit: 10 })
        .units.map((u) => u.key)
        .sort(),
    ).toEqual(['p/DATA/0166_20240531_223911.wav', 'p/DATA/Audiomoth.WAV']);
    expect((await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' })).resumed).toBe(
      true,
    );
  });
});

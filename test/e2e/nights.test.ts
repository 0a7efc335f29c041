import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wavFile } from '../../shared/field/riffBytes';
import type { DepositFixture } from './support/depositFixture';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();

let noise = 1;
const wav = (): Uint8Array => {
  const seed = noise++;
  return wavFile({
    format: { sampleRate: 384_000, channels: 1, bitsPerSample: 16 },
    audio: new Uint8Array(20_000).map((_, i) => (i * 31 + seed * 97) & 0xff),
  });
};

const wavKeys = async (world: DepositFixture): Promise<string[]> => {
  const listed = await world.bucket.client.send(
    new ListObjectsV2Command({ Bucket: world.bucket.bucket }),
  );
  return (listed.Contents ?? [])
    .map((o) => o.Key ?? '')
    .filter((k) => k.endsWith('.wav'))
    .sort();
};

describe('nights and changes through the interface (issue 11)', () => {
  it('a volunteer analyses a folder of two nights and deposits both, each under its own date, in one click', async () => {
    const world = await setUpWorld({ label: 'two-nights', files: 1, sizes: 'small', seed: 3 });
    const { depot } = world;
    const page = depot.page;
    const root = await mkdtemp(join(tmpdir(), 'depot-e2e-nights-'));
    try {
      const dir = join(root, 'carte');
      await mkdir(dir);
      // 01:30 on the 13th belongs to the night of the 12th (noon to noon).
      for (const name of [
        'SITE01_20260612_221500.wav',
        'SITE01_20260613_013000.wav',
        'SITE01_20260613_224500.wav',
      ])
        await writeFile(join(dir, name), wav());

      const summary = await depot.checkFolder(dir);
      expect(await summary.innerText()).toContain('ven. 12 juin 2026 (2), sam. 13 juin 2026 (1)');
      const choice = page.getByTestId('nights-choice');
      expect(await choice.innerText()).toContain('Ce dossier contient 2 nuits.');
      expect(await choice.locator('input[value="each"]').isChecked()).toBe(true);
      // The choice asks the question: no "bloquant" line with ISO dates beside it.
      expect(await summary.innerText()).not.toContain('2026-06-12');
      expect(await page.locator('[data-decision="block"]').count()).toBe(0);
      await page.locator('input[name="site"]').fill('SITE01');
      await page.locator('input[name="point"]').fill('P07');
      await world.depot.screenshotAtLaptopSizes('nouveau-depot-deux-nuits');

      await page.getByRole('button', { name: 'Déposer les 2 nuits' }).click();
      await page.locator('#nights-title').waitFor();
      const rows = page.locator('[data-testid="plans"] tbody tr');
      await expect
        .poll(() => rows.locator('.badge[data-state="done"]').count(), { timeout: 60_000 })
        .toBe(2);
      expect(await rows.allInnerTexts()).toEqual([
        // Dates spelled out in the volunteer's language (issue 14).
        expect.stringContaining('SITE01 · P07 · sam. 13 juin 2026'),
        expect.stringContaining('SITE01 · P07 · ven. 12 juin 2026'),
      ]);
      await world.depot.screenshotAtLaptopSizes('nuits-deux-nuits-deposees');
      expect(await wavKeys(world)).toEqual([
        'SITE01/P07/2026-06-12/SITE01_20260612_221500.wav',
        'SITE01/P07/2026-06-12/SITE01_20260613_013000.wav',
        'SITE01/P07/2026-06-13/SITE01_20260613_224500.wav',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('a volunteer changes the folder of a deposited night and uses "Déposer les changements"', async () => {
    const world = await setUpWorld({ label: 'changes', files: 6, sizes: 'small', seed: 12 });
    const { depot } = world;
    const page = depot.page;
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE01', point: 'P07' });
    await depot.waitForPlanState('done', 60_000);

    // One recording touched again (copied back from the card), one new recording.
    const [touched] = (await readdir(world.nightDir)).filter((f) => f.endsWith('.wav')).sort();
    if (touched === undefined) throw new Error('no recording');
    const later = new Date(Date.now() + 60_000);
    await utimes(join(world.nightDir, touched), later, later);
    await writeFile(join(world.nightDir, 'SITE01_20260613_051500.wav'), wav());

    await depot.checkFolder(world.nightDir);
    await page.locator('input[name="site"]').fill('SITE01');
    await page.locator('input[name="point"]').fill('P07');
    await page.getByRole('button', { name: 'Déposer', exact: true }).click();
    const changes = page.getByTestId('changes');
    await changes.waitFor();
    expect(await changes.innerText()).toContain('Le dossier a changé');
    expect(await changes.locator('li[data-change="added"]').innerText()).toContain(
      'nouveau · SITE01_20260613_051500.wav',
    );
    expect(await changes.locator('li[data-change="mtime"]').innerText()).toContain(
      `modifié · ${touched}`,
    );
    await world.depot.screenshotAtLaptopSizes('nouveau-depot-changements');

    await page.getByRole('button', { name: 'Déposer les changements' }).click();
    await page.locator('#current-title').waitFor();
    await depot.waitForPlanState('done', 60_000);
    expect(await page.getByTestId('files').innerText()).toBe('7 / 7 fichiers');
    await world.depot.screenshotAtLaptopSizes('depot-changements-termine');
    expect(await wavKeys(world)).toContain('SITE01/P07/2026-06-12/SITE01_20260613_051500.wav');
  });
});

import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wavFile } from '../../shared/field/riffBytes';
import { fault, s3Request } from '../support/faultProxy';
import { recordingsAre, serverState } from './support/serverState';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();

const format = { sampleRate: 384_000, channels: 1, bitsPerSample: 16 } as const;
const recording = (seed: number, bytes = 20_000): Uint8Array =>
  wavFile({ format, audio: new Uint8Array(bytes).map((_, j) => (j * 31 + seed * 97) & 0xff) });

/**
 * The card and the night's date (issue 31): "Vous pouvez réutiliser la carte" only when every
 * recording on it is verified; a typed date the recordings contradict asks first; a file that
 * was gone comes back with "Retenter les échecs"; a pasted path is taken as meant.
 */
describe('the card, the date, and a file that comes back', () => {
  it('one night of a two-night card: not reusable, the night left named; both: reusable', async () => {
    const world = await setUpWorld({ label: 'twocard', files: 1, sizes: 'small', seed: 341 });
    const { depot } = world;
    const page = depot.page;
    const card = join(world.dataDir, '..', 'carte-deux-nuits');
    await mkdir(card);
    const names = [
      'SITE41_20260612_221500.wav',
      'SITE41_20260613_013000.wav',
      'SITE41_20260613_224500.wav',
    ];
    for (const [i, name] of names.entries()) await writeFile(join(card, name), recording(i));
    // Pasted with the quotes a file manager puts around a path: taken as the folder.
    await depot.checkFolder(`"${card}"`);
    expect(await page.locator('input[name="dir"]').inputValue()).toBe(card);
    await page.getByTestId('nights-choice').locator('input[value="one"]').check();
    const options = await page.locator('select[name="night"] option').allInnerTexts();
    expect(options).toEqual(['ven. 12 juin 2026 (2 fichiers)', 'sam. 13 juin 2026 (1 fichier)']);
    await page.locator('input[name="site"]').fill('SITE41');
    await page.locator('input[name="point"]').fill('P1');
    await page.getByRole('button', { name: 'Déposer', exact: true }).click();
    await depot.waitForPlanState('done', 120_000);
    const verdict = page.getByTestId('reuse-card');
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('not-yet');
    expect(await verdict.innerText()).toContain('Ne réutilisez pas encore la carte');
    expect(await verdict.innerText()).toContain('la nuit du sam. 13 juin 2026');
    await depot.screenshotEverywhere('carte-une-nuit-sur-deux', () => depot.go('current'));

    // The other night, from the same card: not a second deposit of the first one.
    await depot.checkFolder(card);
    await page.getByTestId('nights-choice').locator('input[value="one"]').check();
    await page.locator('select[name="night"]').selectOption('2026-06-13');
    await page.getByRole('button', { name: 'Déposer', exact: true }).click();
    await page.locator('#current-title').waitFor();
    await depot.waitForPlanState('done', 120_000);
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('reusable');
    expect(await verdict.innerText()).toContain('Vous pouvez réutiliser la carte');
    const server = await serverState(world);
    expect(server.keys.filter((k) => k.endsWith('.wav'))).toEqual([
      'SITE41/P1/2026-06-12/SITE41_20260612_221500.wav',
      'SITE41/P1/2026-06-12/SITE41_20260613_013000.wav',
      'SITE41/P1/2026-06-13/SITE41_20260613_224500.wav',
    ]);
    expect(server.openUploads).toEqual([]);
  });

  it('a truncated recording left out: the card is not reusable, the file named as only on the card', async () => {
    const world = await setUpWorld({ label: 'truncated', files: 3, sizes: 'small', seed: 342 });
    const { depot } = world;
    const page = depot.page;
    const truncated = 'SITE01_20260612_235959.wav';
    await writeFile(join(world.nightDir, truncated), recording(9, 40_000).slice(0, 8_000));
    await depot.checkFolder(world.nightDir);
    await page.locator('input[name="site"]').fill('SITE42');
    await page.locator('input[name="point"]').fill('P1');
    await page.getByText('Déposer quand même sans les fichiers bloquants').click();
    await page.getByRole('button', { name: 'Déposer', exact: true }).click();
    await depot.waitForPlanState('done', 120_000);
    const verdict = page.getByTestId('reuse-card');
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('not-yet');
    expect(await verdict.innerText()).toContain('ne sont que sur la carte');
    expect(await verdict.innerText()).toContain(truncated);
    await depot.screenshotEverywhere('carte-fichier-tronque', () => depot.go('current'));
    expect(await recordingsAre(world, 'SITE42/P1/2026-06-12')).toBe(true);
    expect((await serverState(world)).keys).not.toContain(`SITE42/P1/2026-06-12/${truncated}`);
  });

  it('in English: a typed night the recordings contradict asks first, naming both; the recordings’ night taken', async () => {
    const world = await setUpWorld({ label: 'datecheck', files: 3, sizes: 'small', seed: 343 });
    const { depot } = world;
    const page = depot.page;
    await depot.setLocale('en');
    const ask = async (): Promise<void> => {
      await depot.go('new');
      await page.getByTestId('preflight').waitFor();
      await page.locator('input[name="night"]').fill('13/06/2026');
      await page.getByRole('button', { name: /^(Déposer|Deposit)$/ }).click();
      await page.getByTestId('night-contradiction').waitFor();
    };
    await depot.analyse(world.nightDir);
    await page.getByTestId('preflight').waitFor();
    await page.locator('input[name="site"]').fill('SITE43');
    await page.locator('input[name="point"]').fill('P1');
    // A look at another screen keeps what was typed (issue 31, item 12): site, point, the card.
    await depot.go('nights');
    await depot.go('new');
    await page.getByTestId('preflight').waitFor();
    expect(await page.locator('input[name="site"]').inputValue()).toBe('SITE43');
    expect(await page.locator('input[name="point"]').inputValue()).toBe('P1');
    expect(await page.locator('input[name="dir"]').inputValue()).toBe(world.nightDir);
    await ask();
    const box = page.getByTestId('night-contradiction');
    const said = await box.innerText();
    expect(said).toContain('You typed the night of');
    expect(said).toContain('13 June 2026');
    expect(said).toContain('12 June 2026');
    // Nothing was planned while the question is open.
    expect(await page.locator('#current-title').count()).toBe(0);
    await depot.screenshotAtLaptopSizes('date-contredite-en');
    await box.locator('button[data-action="take-recorded-night"]').click();
    // The field follows the click once the page has drawn it again: waited for, not read at once.
    await expect
      .poll(() => page.locator('input[name="night"]').inputValue(), { timeout: 15_000 })
      .toBe('12/06/2026');
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await page.locator('#current-title').waitFor();
    await depot.waitForPlanState('done', 120_000);
    expect(await recordingsAre(world, 'SITE43/P1/2026-06-12')).toBe(true);
    const server = await serverState(world);
    expect(server.keys.some((k) => k.includes('2026-06-13'))).toBe(false);
    expect(server.openUploads).toEqual([]);
  });

  it('a file gone from the card fails alone; back, "Retenter les échecs" sends it', async () => {
    const world = await setUpWorld(
      { label: 'fileback', files: 5, sizes: 'small', seed: 344 },
      { concurrency: 1 },
    );
    const { depot, proxy } = world;
    const page = depot.page;
    proxy.addRule({ match: s3Request.putObject, action: fault.delay(800), times: Infinity });
    const last = world.files.at(-1) ?? '';
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE44', point: 'P1' });
    await page.locator('[data-status="done"]').first().waitFor({ timeout: 60_000 });
    // One file goes (the rest of the card stays): it fails alone, the others go on.
    await rename(join(world.nightDir, last), join(world.nightDir, '..', last));
    await depot.waitForPlanState('needs-attention', 120_000);
    await depot.go('failures');
    const group = page.locator('[data-cause="source-missing"]');
    await group.waitFor();
    expect(await group.innerText()).toContain('Retenter les échecs');
    await rename(join(world.nightDir, '..', last), join(world.nightDir, last));
    proxy.clearRules();
    await page.getByRole('button', { name: /Retenter les échecs/ }).click();
    await depot.go('current');
    await depot.waitForPlanState('done', 120_000);
    expect(await recordingsAre(world, 'SITE44/P1/2026-06-12')).toBe(true);
    expect((await serverState(world)).openUploads).toEqual([]);
  });
});

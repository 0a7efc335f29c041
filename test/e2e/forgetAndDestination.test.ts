import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wavFile } from '../../shared/field/riffBytes';
import type { DepositFixture } from './support/depositFixture';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();

const serverKeys = async (world: DepositFixture): Promise<readonly string[]> => {
  const listed = await world.bucket.client.send(
    new ListObjectsV2Command({ Bucket: world.bucket.bucket }),
  );
  return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
};

/**
 * Issue 14's last items: the destination shown before a deposit, and a night forgotten in this
 * Depot only (the server keeps every object), refused while it deposits.
 */
describe('the destination before a deposit, and forgetting a night locally', () => {
  it('shows where the night goes, then forgets the finished night without touching the server', async () => {
    const world = await setUpWorld({ label: 'forget', files: 3, sizes: 'small', seed: 71 });
    const { depot } = world;
    const page = depot.page;
    // The test server is plain http: the destination says so.
    const host = `http://${new URL(world.proxy.endpoint).host}`;
    const destination = page.getByTestId('destination');

    const analysed = async (): Promise<void> => {
      await depot.checkFolder(world.nightDir);
      await page.locator('input[name="site"]').fill('SITE07');
      await page.locator('input[name="point"]').fill('P1');
      await expect
        .poll(() => destination.innerText())
        .toBe(`${host} › ${world.bucket.bucket}/SITE07/P1/2026-06-12/`);
    };
    await analysed();
    // A value still missing: the template stands where the prefix will be, and it says so.
    await page.locator('input[name="point"]').fill('');
    await expect.poll(() => destination.innerText()).toContain('{point}');
    expect(await destination.innerText()).toContain('(à compléter');
    await depot.screenshotEverywhere('destination-avant-depot', analysed);

    await depot.startDeposit({ site: 'SITE07', point: 'P1' });
    await depot.waitForPlanState('done', 120_000);
    const before = await serverKeys(world);
    expect(before.filter((k) => k.startsWith('SITE07/P1/2026-06-12/'))).toHaveLength(4);

    await depot.go('nights');
    const row = depot.nightRow('SITE07 · P1');
    await row.waitFor();
    const askForget = async (): Promise<void> => {
      await depot.go('nights');
      await depot.nightRow('SITE07 · P1').locator('button[data-action="forget"]').click();
      await page.getByTestId('forget-confirm').waitFor();
    };
    await askForget();
    const confirm = page.getByTestId('forget-confirm');
    expect(await confirm.innerText()).toContain('Les fichiers déjà déposés restent sur le serveur');
    await depot.screenshotEverywhere('nuits-oublier-confirmation', askForget);

    // Cancel keeps everything; confirming removes the night from this Depot only.
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.waitFor();
    await askForget();
    await confirm.getByRole('button', { name: 'Oublier cette nuit' }).click();
    await expect.poll(() => depot.nightRow('SITE07 · P1').count()).toBe(0);
    expect(await page.getByTestId('forgotten').innerText()).toContain(
      'le serveur n’a pas été touché',
    );
    await depot.screenshot('nuits-oubliee-fr-1366x768');
    expect(await serverKeys(world)).toEqual(before);
    // Reloaded, the engine does not know it any more.
    await page.reload();
    await page.locator('nav').waitFor();
    await depot.go('nights');
    await page.getByText('Aucune nuit déposée pour l’instant').waitFor();
  });

  it('refuses to forget a night while it deposits, and says to pause it first', async () => {
    const world = await setUpWorld({ label: 'forgetbusy', files: 3, sizes: 'small', seed: 72 });
    const { depot, proxy } = world;
    const page = depot.page;
    // The link is down: the night keeps depositing (waiting for the network) until paused.
    await proxy.setDown(true, 'reset');
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE08', point: 'P1' });
    await depot.waitForPlanState('waiting-network', 90_000);

    const refuse = async (): Promise<void> => {
      await depot.go('nights');
      await depot.nightRow('SITE08 · P1').locator('button[data-action="forget"]').click();
      await page.getByTestId('forget-confirm').locator('button.danger').click();
      await page.getByTestId('forget-refused').waitFor();
    };
    await refuse();
    expect(await page.getByTestId('forget-refused').innerText()).toBe(
      'Cette nuit est en cours de dépôt\u00a0: mettez-la en pause avant de l’oublier.',
    );
    expect(await depot.nightRow('SITE08 · P1').count()).toBe(1);
    await depot.screenshotEverywhere('nuits-oublier-refuse', refuse);

    // Paused, it can be forgotten.
    await depot.nightRow('SITE08 · P1').getByRole('button', { name: 'Pause' }).click();
    await expect
      .poll(() => depot.nightRow('SITE08 · P1').locator('.badge').getAttribute('data-state'))
      .toBe('paused');
    await depot.nightRow('SITE08 · P1').locator('button[data-action="forget"]').click();
    await page.getByTestId('forget-confirm').locator('button.danger').click();
    await expect.poll(() => depot.nightRow('SITE08 · P1').count()).toBe(0);
    await proxy.setDown(false);
  });

  it('shows one destination line per night for a folder of several nights', async () => {
    const world = await setUpWorld({ label: 'destnights', files: 1, sizes: 'small', seed: 73 });
    const { depot } = world;
    const page = depot.page;
    const dir = join(world.dataDir, '..', 'carte-deux-nuits');
    await mkdir(dir);
    // 01:30 on the 13th belongs to the night of the 12th (noon to noon).
    const names = [
      'SITE09_20260612_221500.wav',
      'SITE09_20260613_013000.wav',
      'SITE09_20260613_224500.wav',
    ];
    for (const [i, name] of names.entries()) {
      const audio = new Uint8Array(20_000).map((_, j) => (j * 31 + i * 97) & 0xff);
      await writeFile(
        join(dir, name),
        wavFile({ format: { sampleRate: 384_000, channels: 1, bitsPerSample: 16 }, audio }),
      );
    }
    // The test server is plain http: the destination says so.
    const host = `http://${new URL(world.proxy.endpoint).host}`;
    const lines = page.getByTestId('destination').locator('[data-night]');
    const analysed = async (): Promise<void> => {
      await depot.checkFolder(dir);
      await page.locator('input[name="site"]').fill('SITE09');
      await page.locator('input[name="point"]').fill('P2');
      await expect.poll(() => lines.count()).toBe(2);
      await expect.poll(() => lines.nth(1).innerText()).toContain(`/SITE09/P2/2026-06-13/`);
    };
    await analysed();
    expect(await lines.nth(0).innerText()).toBe(
      `Nuit du ven. 12 juin 2026\u00a0: ${host} › ${world.bucket.bucket}/SITE09/P2/2026-06-12/`,
    );
    expect(await lines.nth(1).innerText()).toBe(
      `Nuit du sam. 13 juin 2026\u00a0: ${host} › ${world.bucket.bucket}/SITE09/P2/2026-06-13/`,
    );
    // One night chosen: only its line.
    await page.getByTestId('nights-choice').locator('input[value="one"]').check();
    await expect.poll(() => lines.count()).toBe(1);
    await page.getByTestId('nights-choice').locator('input[value="each"]').check();
    await depot.screenshotEverywhere('destination-plusieurs-nuits', analysed);
  });
});

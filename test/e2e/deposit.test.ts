import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();

describe('a night deposited through the interface', () => {
  it('checks the folder, deposits it, verifies it, and shows every screen', async () => {
    const world = await setUpWorld({ label: 'deposit', files: 24, sizes: 'small', seed: 11 });
    const { depot, page } = { depot: world.depot, page: world.depot.page };

    const verdict = await depot.testConnection();
    await expect.poll(() => verdict.getAttribute('data-ok')).toBe('true');
    await depot.screenshot('reglages');

    const summary = await depot.checkFolder(world.nightDir);
    expect(await summary.innerText()).toContain('24');
    // Pre-filled from the files: site from the names, the night from their timestamps.
    expect(await page.locator('input[name="night"]').inputValue()).toBe('12/06/2026');
    await depot.screenshot('nouveau-depot');

    await depot.startDeposit({ site: 'SITE01', point: 'P07' });
    await depot.waitForPlanState('done', 120_000);
    await expect.poll(() => depot.statusBar().innerText()).toBe('Nuit déposée et vérifiée');
    expect(await page.getByTestId('files').innerText()).toBe('24 / 24 fichiers');
    expect(await page.getByTestId('percent').innerText()).toMatch(/^100\s%$/);
    expect(await depot.unitRows().first().locator('[data-status="done"]').count()).toBe(1);
    await depot.screenshot('depot-en-cours-termine');

    // On the server: every recording and the manifest, under the prefix from the template.
    const listed = await world.bucket.client.send(
      new ListObjectsV2Command({ Bucket: world.bucket.bucket }),
    );
    const keys = (listed.Contents ?? []).map((o) => o.Key ?? '');
    // The night's own manifest, under a key carrying its id (issue 11).
    expect(
      keys.filter((k) => /^SITE01\/P07\/2026-06-12\/\.depot\/night-[0-9a-f]{32}\.json$/.test(k)),
    ).toHaveLength(1);
    expect(keys.filter((k) => k.endsWith('.wav')).sort()).toEqual(
      world.files.map((f) => `SITE01/P07/2026-06-12/${f}`),
    );

    await depot.go('nights');
    const row = page.locator('[data-testid="plans"] tbody tr').first();
    expect(await row.innerText()).toContain('SITE01 · P07 · ven. 12 juin 2026');
    expect(await row.locator('.badge').getAttribute('data-state')).toBe('done');
    await depot.screenshot('nuits');

    await depot.go('failures');
    await page.getByText('Aucun échec pour cette nuit.').waitFor();
    await depot.screenshot('echecs-aucun');

    await depot.go('diagnostics');
    await page.getByTestId('journal').waitFor();
    expect(
      Number(await page.getByTestId('counters').locator('dd').first().innerText()),
    ).toBeGreaterThan(24);
    await depot.screenshot('diagnostic');

    // The export holds counters and the journal, never the secret nor the access key.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter le diagnostic (JSON)' }).click();
    const file = await (await download).path();
    const exported = await readFile(file, 'utf8');
    expect(JSON.parse(exported)).toMatchObject({ credentials: 'set' });
    expect(exported).not.toContain(world.bucket.secretAccessKey);
    expect(exported).not.toContain(world.bucket.accessKeyId);

    // Settings never give the secret back: the field is empty and the page only says "set".
    await depot.go('settings');
    expect(await page.locator('input[name="secretAccessKey"]').inputValue()).toBe('');
    expect(await page.content()).not.toContain(world.bucket.secretAccessKey);

    // English is one setting away, and the same screen reads in English.
    await page.locator('select[name="locale"]').selectOption('en');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Settings saved.').waitFor();
    await depot.go('current');
    await page.getByText('24 / 24 files').waitFor();
    await depot.screenshot('current-deposit-english');
  });
});

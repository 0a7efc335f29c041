import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fault, s3Request } from '../support/faultProxy';
import { homeFolderKey, setHomeFolderPolicy } from '../support/homeFolderKey';
import { objectBytes, recordingsAre, serverState } from './support/serverState';
import { useDepositWorld } from './support/useDepositWorld';
import { s3ClientFor } from '../support/testBucket';

const setUpWorld = useDepositWorld();

/** Échecs' comparison of one file's conflict, opened unless it is still open from the last look. */
const openConflict = async (page: Page, name: string): Promise<void> => {
  const shown = page.locator(`section.conflict-of[data-unit="${name}"]`);
  if ((await shown.count()) === 0)
    await page.locator(`li[data-unit="${name}"] button[data-action="compare"]`).click();
  await shown.getByTestId('conflict').waitFor({ timeout: 30_000 });
};

/**
 * Issue 31's ways back, each as a volunteer's path ending with an independent SDK client reading
 * the server: a point corrected mid-deposit, a deposit taken off the server (and a key that may
 * not delete), a conflict settled both ways.
 */
describe('every mistake has a way back in the app', () => {
  it('a Point corrected mid-deposit: the wrong one is taken off, the night goes on under the right one', async () => {
    const world = await setUpWorld(
      { label: 'pointfix', files: 8, sizes: 'small', seed: 311 },
      { concurrency: 1 },
    );
    const { depot } = world;
    const page = depot.page;
    // Each PUT answered late: the night lasts long enough to notice the point.
    world.proxy.addRule({ match: s3Request.putObject, action: fault.delay(700), times: Infinity });
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE31', point: 'Z5' });
    await page.locator('[data-status="done"]').nth(1).waitFor({ timeout: 90_000 });

    // Nouveau dépôt of the same card with Z6: it says where the card already goes, and when.
    await depot.checkFolder(world.nightDir);
    const notice = page.getByTestId('card-deposits');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('SITE31/Z5/2026-06-12');
    expect(await notice.innerText()).toContain('commencée le');
    await page.locator('input[name="point"]').fill('Z6');
    // Depositing it again elsewhere, without saying so, is refused: no silent duplicate.
    await page.getByRole('button', { name: 'Déposer', exact: true }).click();
    await page
      .getByText('Cette carte est déjà déposée par une autre nuit', { exact: false })
      .waitFor();
    await depot.screenshotAtLaptopSizes('voie-carte-deja-deposee');

    await notice.locator('button[data-action="correct-deposit"]').click();
    const dialog = page.getByTestId('correct');
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByTestId('correct-to').innerText(), { timeout: 30_000 })
      .toContain('SITE31/Z6/2026-06-12');
    const consequence = dialog.getByTestId('correct-consequence');
    await expect.poll(() => consequence.innerText()).toContain('a déjà écrit');
    expect(await consequence.innerText()).toContain('SITE31/Z5/2026-06-12');
    // The night goes on while the dialog is open: the count follows what it has written since.
    const written = async (): Promise<number> =>
      Number(/a déjà écrit (\d+) fichier/.exec(await consequence.innerText())?.[1] ?? 0);
    const first = await written();
    await expect.poll(written, { timeout: 60_000 }).toBeGreaterThan(first);
    await depot.screenshotAtLaptopSizes('voie-corriger-destination');
    await dialog.locator('button[data-action="correct-confirm"]').click();
    await page.getByTestId('correction-line').waitFor({ timeout: 30_000 });
    world.proxy.clearRules();
    await expect
      .poll(() => page.getByTestId('files').innerText(), { timeout: 180_000 })
      .toBe('8 / 8 fichiers');
    await depot.waitForPlanState('done', 180_000);
    expect(await page.getByTestId('correction-line').innerText()).toContain('SITE31/Z5/2026-06-12');
    expect(await page.getByTestId('files').innerText()).toBe('8 / 8 fichiers');

    const server = await serverState(world);
    expect(server.keys.filter((k) => k.startsWith('SITE31/Z5/'))).toEqual([]);
    expect(
      server.keys.filter((k) => k.startsWith('SITE31/Z6/2026-06-12/') && k.endsWith('.wav')),
    ).toEqual(world.files.map((f) => `SITE31/Z6/2026-06-12/${f}`));
    expect(server.keys.filter((k) => k.startsWith('SITE31/Z6/2026-06-12/.depot/'))).toHaveLength(1);
    expect(server.openUploads).toEqual([]);
    expect(await recordingsAre(world, 'SITE31/Z6/2026-06-12')).toBe(true);
    await depot.screenshotEverywhere('voie-destination-corrigee', () => depot.go('current'));
  });

  it('"Retirer ce dépôt du serveur": confirmed with the count and the place, only its own objects go', async () => {
    const world = await setUpWorld({ label: 'remove', files: 3, sizes: 'small', seed: 312 });
    const { depot } = world;
    const page = depot.page;
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE32', point: 'P1' });
    await depot.waitForPlanState('done', 120_000);
    // Another writer's object beside the night's: never touched.
    await world.bucket.client.send(
      new PutObjectCommand({
        Bucket: world.bucket.bucket,
        Key: 'SITE32/P1/2026-06-12/notes.txt',
        Body: 'the coordinator’s notes',
      }),
    );
    const open = async (): Promise<void> => {
      await depot.go('current');
      // Still open from the last look (the screen kept it): nothing to click.
      if ((await page.getByTestId('remove').count()) === 0)
        await page.locator('button[data-action="remove"]').click();
      await page.getByTestId('remove-confirm-text').waitFor();
    };
    await open();
    const text = await page.getByTestId('remove-confirm-text').innerText();
    expect(text).toContain('3 fichier(s)');
    expect(text).toContain('SITE32/P1/2026-06-12');
    await depot.screenshotEverywhere('voie-retirer-du-serveur', open);
    await page.locator('button[data-action="remove-confirm"]').click();
    await depot.go('nights');
    await expect.poll(() => depot.nightRow('SITE32').count(), { timeout: 60_000 }).toBe(0);
    const server = await serverState(world);
    expect(server.keys).toEqual(['SITE32/P1/2026-06-12/notes.txt']);
    expect(server.openUploads).toEqual([]);
  });

  it('a key without s3:DeleteObject: the correction says so, naming the permission, and the night goes on', async () => {
    const world = await setUpWorld(
      { label: 'nodelete', files: 3, sizes: 'small', seed: 313 },
      { unconfigured: true },
    );
    const { depot } = world;
    const page = depot.page;
    const key = await homeFolderKey(world.bucket, 'SITE33/', { mayDelete: false });
    // The volunteer's objects are theirs: read back with their key (the policy lets it read).
    const theirs = s3ClientFor({ ...world.bucket, ...key });
    await depot.configure({
      endpoint: world.proxy.endpoint,
      region: world.bucket.region,
      bucket: world.bucket.bucket,
      accessKeyId: key.accessKeyId,
      secretAccessKey: key.secretAccessKey,
    });
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE33', point: 'Z5' });
    await depot.waitForPlanState('done', 120_000);
    await page.locator('button[data-action="correct"]').click();
    const dialog = page.getByTestId('correct');
    await dialog.locator('input[name="correct-point"]').fill('Z6');
    await expect
      .poll(() => dialog.getByTestId('correct-to').innerText(), { timeout: 30_000 })
      .toContain('SITE33/Z6/2026-06-12');
    await dialog.locator('button[data-action="correct-confirm"]').click();
    const denied = page.getByTestId('removal-denied');
    await denied.waitFor({ timeout: 60_000 });
    expect(await denied.innerText()).toContain('s3:DeleteObject');
    expect(await denied.innerText()).toContain('3 fichier(s) restent sous');
    // The night goes on under the right place all the same: every file sent again there.
    await expect
      .poll(() => page.getByTestId('files').innerText(), { timeout: 120_000 })
      .toBe('3 / 3 fichiers');
    await depot.waitForPlanState('done', 120_000);
    await depot.screenshotEverywhere('voie-suppression-refusee', () => depot.go('current'));
    // Nothing was removed in silence: the old objects are all still there, and the new ones too.
    let server = await serverState(world);
    expect(
      server.keys.filter((k) => k.startsWith('SITE33/Z5/') && k.endsWith('.wav')),
    ).toHaveLength(3);
    expect(await recordingsAre(world, 'SITE33/Z6/2026-06-12', theirs)).toBe(true);
    // The coordinator grants the permission: "Réessayer le retrait" takes them off.
    await setHomeFolderPolicy(world.bucket, key, 'SITE33/', { mayDelete: true });
    await page.locator('button[data-action="removal-retry"]').click();
    await expect
      .poll(async () => (await serverState(world)).keys.filter((k) => k.startsWith('SITE33/Z5/')), {
        timeout: 60_000,
      })
      .toEqual([]);
    server = await serverState(world);
    expect(server.openUploads).toEqual([]);
    expect(await recordingsAre(world, 'SITE33/Z6/2026-06-12', theirs)).toBe(true);
    theirs.destroy();
  });

  it('a conflict settled both ways: the server’s object kept, or the card’s file under a free name', async () => {
    const world = await setUpWorld({ label: 'conflict', files: 4, sizes: 'small', seed: 314 });
    const { depot } = world;
    const page = depot.page;
    const [kept, renamed] = world.files as [string, string];
    const theirs = (name: string): Buffer => Buffer.from(`another recorder’s ${name}`);
    for (const name of [kept, renamed])
      await world.bucket.client.send(
        new PutObjectCommand({
          Bucket: world.bucket.bucket,
          Key: `SITE34/P1/2026-06-12/${name}`,
          Body: theirs(name),
        }),
      );
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE34', point: 'P1' });
    await depot.waitForPlanState('needs-attention', 120_000);
    await depot.go('failures');
    const compare = (name: string): Promise<void> => openConflict(page, name);
    await compare(kept);
    const panel = page.getByTestId('conflict');
    expect(await panel.getAttribute('data-content')).toBe('different');
    expect(await panel.innerText()).toContain('Sur le serveur');
    expect(
      await panel.getByRole('button', { name: /Déposer celui de la carte sous/ }).innerText(),
    ).toContain(`SITE34/P1/2026-06-12/${kept.replace(/\.wav$/, '-2.wav')}`);
    await depot.screenshotEverywhere('voie-conflit-comparer', async () => {
      await depot.go('failures');
      await compare(kept);
    });
    await panel.locator('button[data-action="keep-server"]').click();
    await page.getByTestId('settled').waitFor();
    await compare(renamed);
    await page.getByTestId('conflict').locator('button[data-action="free-name"]').click();
    await page.getByTestId('settled').filter({ hasText: 'sera déposé sous' }).waitFor();
    await depot.go('current');
    await depot.waitForPlanState('done', 120_000);
    expect(await page.getByTestId('left-out').innerText()).toContain('1 fichier(s) non déposé(s)');
    await depot.screenshotEverywhere('voie-conflit-regle', () => depot.go('current'));

    const server = await serverState(world);
    const at = (name: string): string => `SITE34/P1/2026-06-12/${name}`;
    // Nothing overwritten: both server objects are as they were.
    expect((await objectBytes(world, at(kept))).equals(theirs(kept))).toBe(true);
    expect((await objectBytes(world, at(renamed))).equals(theirs(renamed))).toBe(true);
    const free = at(renamed.replace(/\.wav$/, '-2.wav'));
    expect(server.keys).toContain(free);
    expect(server.keys).not.toContain(at(kept.replace(/\.wav$/, '-2.wav')));
    expect(server.openUploads).toEqual([]);
    const manifestKey = server.keys.find((k) => k.startsWith('SITE34/P1/2026-06-12/.depot/'));
    const manifest = JSON.parse((await objectBytes(world, manifestKey ?? '')).toString('utf8')) as {
      files: { path: string; key: string; deposited?: boolean; freeNameFor?: string }[];
    };
    expect(manifest.files.find((f) => f.path === kept)).toMatchObject({ deposited: false });
    expect(manifest.files.find((f) => f.path === renamed)).toMatchObject({
      key: free,
      freeNameFor: at(renamed),
    });
  });

  it('a file changed on the card after it was verified: "Déposer les changements", then both versions compared and settled both ways', async () => {
    const world = await setUpWorld({ label: 'changedcard', files: 4, sizes: 'small', seed: 315 });
    const { depot } = world;
    const page = depot.page;
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE35', point: 'P1' });
    await depot.waitForPlanState('done', 120_000);
    // Two recordings edited on the card afterwards (same size, other bytes near the end).
    const [kept, renamed] = world.files as [string, string];
    const before = new Map<string, Buffer>();
    const after = new Map<string, Buffer>();
    for (const name of [kept, renamed]) {
      const path = join(world.nightDir, name);
      const bytes = await readFile(path);
      before.set(name, bytes);
      const edited = Buffer.from(bytes);
      for (let i = edited.length - 64; i < edited.length; i += 1)
        edited[i] = 255 - (edited[i] ?? 0);
      after.set(name, edited);
      await writeFile(path, edited);
    }

    await depot.checkFolder(world.nightDir);
    await page.getByRole('button', { name: 'Déposer', exact: true }).click();
    const changes = page.getByTestId('changes');
    await changes.waitFor();
    // Said before anything is sent: the server's copy is never replaced, the volunteer chooses.
    expect(await changes.locator(`li:has-text("${kept}")`).innerText()).toContain('vous choisirez');
    expect(await changes.innerText()).toContain('Échecs');
    await depot.screenshotAtLaptopSizes('voie-carte-modifiee-changements');
    await page.getByRole('button', { name: 'Déposer les changements' }).click();
    await page.locator('#current-title').waitFor();
    await depot.waitForPlanState('needs-attention', 120_000);

    await depot.go('failures');
    const compare = (name: string): Promise<void> => openConflict(page, name);
    await compare(kept);
    const panel = page.getByTestId('conflict');
    // Both versions, the card's and the one deposited earlier: same size, other content.
    expect(await panel.getAttribute('data-content')).toBe('different');
    expect(await panel.innerText()).toContain('Sur la carte');
    expect(await panel.innerText()).toContain('Sur le serveur');
    await depot.screenshotAtLaptopSizes('voie-carte-modifiee-comparer');
    await panel.locator('button[data-action="keep-server"]').click();
    await page.getByTestId('settled').waitFor();
    await compare(renamed);
    await page.getByTestId('conflict').locator('button[data-action="free-name"]').click();
    await page.getByTestId('settled').filter({ hasText: 'sera déposé sous' }).waitFor();
    await depot.go('current');
    await depot.waitForPlanState('done', 120_000);
    expect(await page.getByTestId('left-out').innerText()).toContain('1 fichier(s) non déposé(s)');
    await depot.screenshotAtLaptopSizes('voie-carte-modifiee-reglee');

    // Read by an independent client: the earlier versions untouched, the edited one beside them.
    const at = (name: string): string => `SITE35/P1/2026-06-12/${name}`;
    const free = at(renamed.replace(/\.wav$/, '-2.wav'));
    expect((await objectBytes(world, at(kept))).equals(before.get(kept) ?? Buffer.alloc(0))).toBe(
      true,
    );
    expect(
      (await objectBytes(world, at(renamed))).equals(before.get(renamed) ?? Buffer.alloc(0)),
    ).toBe(true);
    expect((await objectBytes(world, free)).equals(after.get(renamed) ?? Buffer.alloc(0))).toBe(
      true,
    );
    const server = await serverState(world);
    expect(server.keys).not.toContain(at(kept.replace(/\.wav$/, '-2.wav')));
    expect(server.openUploads).toEqual([]);
    const manifests = server.keys.filter((k) => k.startsWith('SITE35/P1/2026-06-12/.depot/'));
    expect(manifests).toHaveLength(1);
    const manifest = JSON.parse(
      (await objectBytes(world, manifests[0] ?? '')).toString('utf8'),
    ) as { files: { path: string; key: string; deposited?: boolean; freeNameFor?: string }[] };
    expect(manifest.files.find((f) => f.path === kept)).toMatchObject({ deposited: false });
    expect(manifest.files.find((f) => f.path === renamed)).toMatchObject({
      key: free,
      freeNameFor: at(renamed),
    });
  });
});

import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/s3server/freePort';
import { recordingsAre, serverState } from './support/serverState';
import type { DepositFixture } from './support/depositFixture';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();

/** A captive portal's page at the storage address: HTML, 200, whatever is asked. */
const startWebPage = async (): Promise<{ readonly endpoint: string; readonly server: Server }> => {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<!doctype html><html><body><h1>Bienvenue sur le Wi-Fi du camping</h1></body></html>',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, server };
};

let page: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) =>
    page === undefined ? resolve() : page.close(() => resolve()),
  );
  page = undefined;
});

/** Settings saved as a volunteer might, without testing them: a wrong address or bucket. */
const configureWrong = async (
  world: DepositFixture,
  wrong: { readonly endpoint?: string; readonly bucket?: string },
): Promise<void> =>
  world.depot.configure({
    endpoint: wrong.endpoint ?? world.proxy.endpoint,
    region: world.bucket.region,
    bucket: wrong.bucket ?? world.bucket.bucket,
    accessKeyId: world.bucket.accessKeyId,
    secretAccessKey: world.bucket.secretAccessKey,
  });

/**
 * Every blocked night names its cause and a button that works (issue 31): a wrong address is
 * not "the network", and the setting corrected from the blocker itself is taken by the night.
 */
describe('a night started with a wrong setting', () => {
  it('a closed port: "nothing answers", never "waiting for network"; the address corrected from the blocker', async () => {
    const world = await setUpWorld(
      { label: 'closedport', files: 3, sizes: 'small', seed: 321 },
      { unconfigured: true },
    );
    const { depot } = world;
    const closed = `http://127.0.0.1:${await freePort('127.0.0.1')}`;
    await configureWrong(world, { endpoint: closed });
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE35', point: 'P1' });
    const blocker = depot.page.getByTestId('blocker');
    await expect
      .poll(() => blocker.getAttribute('data-cause'), { timeout: 60_000 })
      .toBe('address-nothing-listens');
    expect(await blocker.innerText()).toContain(`Rien ne répond à l’adresse ${closed}`);
    expect(await blocker.innerText()).toContain('Ce n’est pas le réseau');
    await expect.poll(() => depot.statusBar().getAttribute('data-status')).toBe('address');
    expect(await depot.statusBar().innerText()).not.toContain('En attente du réseau');
    await depot.screenshotEverywhere('adresse-rien-n-ecoute', () => depot.go('current'));

    await blocker.locator('input[name="fix-endpoint"]').fill(world.proxy.endpoint);
    await blocker.getByRole('button', { name: 'Enregistrer et relancer cette nuit' }).click();
    await depot.waitForPlanState('done', 120_000);
    expect(await depot.page.getByTestId('correction-line').innerText()).toContain(
      closed.replace('http://', ''),
    );
    await depot.screenshotEverywhere('adresse-corrigee-depuis-la-nuit', () => depot.go('current'));
    expect(await recordingsAre(world, 'SITE35/P1/2026-06-12')).toBe(true);
    expect((await serverState(world)).openUploads).toEqual([]);
  });

  it('a web page at the address: named as such, corrected from the blocker, nothing sent to it again', async () => {
    const world = await setUpWorld(
      { label: 'webpage', files: 3, sizes: 'small', seed: 322 },
      { unconfigured: true },
    );
    const { depot } = world;
    const portal = await startWebPage();
    page = portal.server;
    await configureWrong(world, { endpoint: portal.endpoint });
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE36', point: 'P1' });
    const blocker = depot.page.getByTestId('blocker');
    await expect
      .poll(() => blocker.getAttribute('data-cause'), { timeout: 60_000 })
      .toBe('address-not-s3');
    expect(await blocker.innerText()).toContain('une page web répond à la place du serveur');
    expect(await blocker.innerText()).not.toContain('Retentez');
    await depot.screenshotEverywhere('adresse-page-web', () => depot.go('current'));

    await blocker.locator('input[name="fix-endpoint"]').fill(world.proxy.endpoint);
    await blocker.getByRole('button', { name: 'Enregistrer et relancer cette nuit' }).click();
    await depot.waitForPlanState('done', 120_000);
    expect(await recordingsAre(world, 'SITE36/P1/2026-06-12')).toBe(true);
    expect((await serverState(world)).openUploads).toEqual([]);
  });

  it('a mistyped bucket: "the bucket does not exist", corrected from the blocker; Réglages agrees', async () => {
    const world = await setUpWorld(
      { label: 'wrongbucket', files: 3, sizes: 'small', seed: 323 },
      { unconfigured: true },
    );
    const { depot } = world;
    const wrong = `${world.bucket.bucket}-typo`;
    await configureWrong(world, { bucket: wrong });
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE37', point: 'P1' });
    const blocker = depot.page.getByTestId('blocker');
    await expect
      .poll(() => blocker.getAttribute('data-cause'), { timeout: 60_000 })
      .toBe('bucket-missing');
    expect(await blocker.innerText()).toContain(wrong);
    expect(await depot.page.getByTestId('blocker-after').innerText()).toContain(
      'le prend aussitôt',
    );
    await depot.screenshotEverywhere('compartiment-inexistant', () => depot.go('current'));
    await blocker.locator('input[name="fix-bucket"]').fill(world.bucket.bucket);
    await blocker.getByRole('button', { name: 'Enregistrer et relancer cette nuit' }).click();
    await depot.waitForPlanState('done', 120_000);
    expect(await recordingsAre(world, 'SITE37/P1/2026-06-12')).toBe(true);
    expect((await serverState(world)).openUploads).toEqual([]);
    // Réglages and the night now say the same thing.
    const verdict = await depot.testConnection();
    await expect.poll(() => verdict.getAttribute('data-ok'), { timeout: 60_000 }).toBe('true');
    expect(await depot.statusBar().innerText()).not.toContain('n’existe pas');
  });

  it('Réglages: a verdict speaks of what was tested, a test never saves, a refused save is said', async () => {
    const world = await setUpWorld({ label: 'stale', files: 1, sizes: 'small', seed: 324 });
    const { depot } = world;
    const settingsPage = depot.page;
    const closed = `http://127.0.0.1:${await freePort('127.0.0.1')}`;
    await depot.typeEndpoint(closed);
    const verdict = await depot.testConnection();
    const problem = settingsPage.getByTestId('verdict-problem');
    await expect.poll(() => problem.innerText(), { timeout: 60_000 }).toContain(closed);
    expect(await settingsPage.getByTestId('tested-unsaved').count()).toBe(1);
    expect(await verdict.getAttribute('data-ok')).toBe('false');
    // Typing the corrected address: the old verdict goes, it never speaks of the new one.
    await depot.typeEndpoint(world.proxy.endpoint);
    expect(await settingsPage.getByTestId('verdict').count()).toBe(0);
    // The wrong value tested was never saved over the good one.
    await depot.typeEndpoint(closed);
    await depot.testConnection();
    await depot.go('nights');
    await depot.go('settings');
    expect(await settingsPage.locator('input[name="endpoint"]').inputValue()).toBe(
      world.proxy.endpoint,
    );
    // A refused save is said as refused, never "Réglages enregistrés.".
    await settingsPage.locator('input[name="prefixTemplate"]').fill('/{site}');
    await settingsPage.locator('form.settings button[type="submit"]').click();
    await expect
      .poll(() => settingsPage.getByTestId('settings-message').innerText())
      .toContain('Réglages non enregistrés');
    await depot.screenshotAtLaptopSizes('reglages-enregistrement-refuse');
  });
});

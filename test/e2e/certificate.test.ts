import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { startTlsFront } from '../support/tlsFront';
import type { TlsFront } from '../support/tlsFront';
import type { DepositFixture } from './support/depositFixture';
import { SIZES } from './support/DepotPage';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();

const serverKeys = async (world: DepositFixture): Promise<readonly string[]> => {
  const listed = await world.bucket.client.send(
    new ListObjectsV2Command({ Bucket: world.bucket.bucket }),
  );
  return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
};

/**
 * ADR 0026 from the volunteer's side: an https address whose certificate this computer does not
 * trust (the test radosgw behind a self-signed TLS front), met in the connection test and in a
 * deposit, then the plain http address of the same server.
 */
describe('a storage address whose certificate this computer does not trust', () => {
  let front: TlsFront | undefined;
  afterEach(async () => {
    await front?.close();
    front = undefined;
  });

  it('the test and the night name the certificate; a new deposit to the corrected address completes', async () => {
    const world = await setUpWorld({ label: 'certificate', files: 3, sizes: 'small', seed: 91 });
    const { depot } = world;
    const page = depot.page;
    front = await startTlsFront({ target: world.bucket.endpoint });

    // The volunteer types the https address; the test saves what is on screen before it runs.
    await depot.typeEndpoint(front.endpoint);
    const verdict = await depot.testConnection();
    const problem = page.getByTestId('verdict-problem');
    await expect
      .poll(() => problem.innerText(), { timeout: 60_000 })
      .toContain('présente un certificat que cet ordinateur ne reconnaît pas');
    expect(await problem.innerText()).toContain(front.endpoint);
    expect(await problem.innerText()).toContain('prévenez le responsable du stockage');
    expect(await verdict.getAttribute('data-ok')).toBe('false');
    // The server answered (up to its certificate): not "unreachable", nothing asked of it.
    const reachable = verdict.locator('li').first();
    expect(await reachable.innerText()).toContain('Serveur joignable');
    expect(await reachable.getAttribute('data-ok')).toBe('true');
    expect(await verdict.innerText()).not.toContain('Rien n’écoute');
    expect(front.refusedHandshakes()).toBeGreaterThan(0);
    for (const locale of ['fr', 'en'] as const) {
      if (locale === 'en') {
        await depot.setLocale('en');
        await page.getByRole('button', { name: 'Test the connection' }).click();
      } else await depot.testConnection();
      await expect
        .poll(() => problem.innerText(), { timeout: 60_000 })
        .toContain(
          locale === 'fr'
            ? 'présente un certificat que cet ordinateur ne reconnaît pas'
            : 'presents a certificate this computer does not trust',
        );
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        await page.getByTestId('verdict').scrollIntoViewIfNeeded();
        await depot.screenshot(`certificat-test-connexion-${locale}-${width}x${height}`);
      }
    }
    await depot.setLocale('fr');
    await page.setViewportSize({ width: 1366, height: 768 });

    // Settings saved, the app lets the deposit start: the night stops on the certificate.
    const handshakesBefore = front.refusedHandshakes();
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE09', point: 'P1' });
    const blocker = page.getByTestId('blocker');
    await blocker.waitFor({ timeout: 60_000 });
    expect(await blocker.getAttribute('data-cause')).toBe('certificate');
    expect(await blocker.innerText()).toContain(
      'Cette nuit ne peut pas continuer\u00a0: Le certificat du serveur n’est pas reconnu par cet ordinateur',
    );
    // The night has sent nothing: the address corrected from its blocker is taken at once.
    const after = page.getByTestId('blocker-after');
    expect(await after.innerText()).toContain('le prend aussitôt');
    expect(await blocker.getByTestId('fix-setting').count()).toBe(1);
    await depot.waitForPlanState('needs-attention', 60_000);
    await expect.poll(() => depot.statusBar().getAttribute('data-status')).toBe('blocked');
    expect(await depot.statusBar().innerText()).toContain('certificat');
    expect(front.refusedHandshakes()).toBeGreaterThan(handshakesBefore);
    expect(await page.getByTestId('files').innerText()).toBe('0 / 3 fichiers');
    expect(await serverKeys(world)).toEqual([]);
    const blockedId = await page.locator('section[data-plan-id]').getAttribute('data-plan-id');
    await depot.screenshotEverywhere('certificat-depot-bloque', () => depot.go('current'));
    await depot.screenshotEverywhere('certificat-nuits-bloque', () => depot.go('nights'));

    // The fix: the plain http address of the same server, proved by the connection test (which
    // saves nothing), then saved: the blocked night, which sent nothing, takes it (issue 31).
    await depot.go('current');
    await blocker.getByRole('button', { name: 'Corriger dans les Réglages' }).click();
    await depot.typeEndpoint(world.bucket.endpoint);
    const proved = await depot.testConnection();
    await expect.poll(() => proved.getAttribute('data-ok'), { timeout: 60_000 }).toBe('true');
    expect(await page.getByTestId('verdict-problem').count()).toBe(0);
    await page.locator('form.settings button[type="submit"]').click();
    await page.getByText('Réglages enregistrés.').waitFor();

    await depot.go('nights');
    const night = page.locator(`[data-testid="plans"] tbody tr[data-plan-id="${blockedId}"]`);
    await expect
      .poll(() => night.locator('.badge').getAttribute('data-state'), { timeout: 120_000 })
      .toBe('done');
    expect(await serverKeys(world)).toEqual(
      expect.arrayContaining(world.files.map((f) => `SITE09/P1/2026-06-12/${f}`)),
    );
    await depot.go('current');
    expect(await page.getByTestId('correction-line').innerText()).toContain(
      front.endpoint.replace('https://', ''),
    );
    expect(await page.getByTestId('blocker').count()).toBe(0);
    await depot.screenshotEverywhere('certificat-nuits-apres-correction', () => depot.go('nights'));
  });
});

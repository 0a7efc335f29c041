import { describe, expect, it } from 'vitest';
import { fault, s3Request } from '../support/faultProxy';
import type { RequestMatcher } from '../support/faultProxy';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Any body sent for the file: its parts (these recordings are multipart). */
const putOf = (name: string): RequestMatcher => ({
  method: 'PUT',
  path: new RegExp(`/${escape(name)}$`),
});
const headOf = (name: string): RequestMatcher => ({
  ...s3Request.headObject,
  path: new RegExp(`/${escape(name)}$`),
});

describe('Échecs: failures by cause, and a retry that re-queues only what it can help', () => {
  it('lists refused files apart, retries the retryable one, re-arms auth on new credentials', async () => {
    // Recordings of about 6 MB: multipart, so each is checked by HeadObject after Complete (a
    // single PUT is proved by the checksum in its own answer, issue 11).
    const world = await setUpWorld({
      label: 'failures',
      files: 10,
      sizes: 'large',
      totalBytes: 60e6,
      seed: 31,
    });
    const { depot, proxy } = world;
    const page = depot.page;
    // The first recording is multipart (7.9 MB with this seed): checked by HeadObject after Complete.
    const [unverified, denied, invalid] = world.files as [string, string, string];
    // 403 AccessDenied on one key (credentials cannot write there), 400 on another (definitive),
    // and a HeadObject that does not find a third right after its Complete (verification failed).
    const deniedRule = proxy.addRule({
      match: putOf(denied),
      action: fault.status(403, { code: 'AccessDenied' }),
      times: Infinity,
    });
    proxy.addRule({
      match: putOf(invalid),
      action: fault.status(400, { code: 'InvalidRequest' }),
      times: Infinity,
    });
    proxy.addRule({
      match: headOf(unverified),
      action: fault.status(404, { code: 'NoSuchKey' }),
      // The only look: after Complete, the verification (nothing is looked at before it on a night
      // whose listing did not show the key, issue 29).
      times: 1,
    });

    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE01', point: 'P3' });
    await depot.waitForPlanState('needs-attention', 120_000);
    expect(await page.getByTestId('files').innerText()).toBe('7 / 10 fichiers');

    await depot.go('failures');
    const retryable = page.getByTestId('failures-retryable');
    const credentials = page.getByTestId('failures-credentials');
    const definitive = page.getByTestId('failures-definitive');
    await retryable.waitFor();
    expect(await retryable.innerText()).toContain(unverified);
    expect(await retryable.innerText()).toContain('Le serveur n’a pas confirmé le contenu');
    expect(await credentials.innerText()).toContain(denied);
    // A 403 AccessDenied on a write is the bucket's rule, not a wrong secret: it names the
    // permission and the place (issue 29).
    expect(await credentials.innerText()).toContain('Cette clé ne peut pas écrire dans');
    expect(await credentials.innerText()).toContain('Demandez au coordinateur du programme');
    expect(await definitive.innerText()).toContain(invalid);
    expect(await definitive.innerText()).toContain('Le serveur refuse ce fichier');
    expect(await definitive.innerText()).toContain('réponse 400 InvalidRequest');
    expect(await definitive.innerText()).not.toContain(unverified);
    await depot.screenshot('echecs');

    const invalidPuts = proxy.count(putOf(invalid));
    const retry = page.getByRole('button', { name: /Retenter les échecs/ });
    expect(await retry.innerText()).toBe('Retenter les échecs (1)');
    await retry.click();
    expect(await page.getByTestId('retry-outcome').innerText()).toBe(
      '1 fichier(s) remis en file. 1 échec(s) définitif(s) restent à traiter.',
    );
    await expect.poll(() => retryable.count(), { timeout: 60_000 }).toBe(0);
    expect(await definitive.innerText()).toContain(invalid);
    expect(await credentials.innerText()).toContain(denied);

    // New credentials (the storage admin fixed the rights): the auth failure re-arms by itself.
    deniedRule.remove();
    await depot.enterCredentials(world.bucket.accessKeyId, world.bucket.secretAccessKey);
    await depot.go('failures');
    await expect.poll(() => credentials.count(), { timeout: 60_000 }).toBe(0);
    expect(await definitive.innerText()).toContain(invalid);

    // The definitive failure was never sent again, by the retry nor by the new credentials.
    expect(proxy.count(putOf(invalid))).toBe(invalidPuts);
    await depot.go('current');
    await page.getByText('9 / 10 fichiers').waitFor({ timeout: 60_000 });
    // The header follows each file's pushed event; the night's state follows once its run ends
    // (the manifest written after the last file), a moment later.
    await expect
      .poll(() => depot.planState().getAttribute('data-state'), { timeout: 60_000 })
      .toBe('needs-attention');
  });
});

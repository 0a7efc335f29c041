import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  profileText,
  realRecordingFields,
  realRecordingKeys,
  vigieChiroProfile,
} from '../support/programmeProfiles';
import {
  realRecordingsAbsent,
  realRecordingsDir,
  realRecordingsTitle,
} from '../support/realRecordings';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();
let work: string | undefined;
afterEach(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
  work = undefined;
});

const md5 = (path: string): string => createHash('md5').update(readFileSync(path)).digest('hex');

/**
 * A volunteer of a programme, as they live it: the coordinator's profile imported on Settings
 * (a bad one first, refused with its reason and nothing changed), their key typed, then a card of
 * real recordings on Nouveau dépôt with the programme's fields (checked as typed), the names the
 * files will take, the deposit, and the nights' end state; the server checked with an SDK client.
 */
describe.skipIf(realRecordingsAbsent !== undefined)(
  realRecordingsTitle('a volunteer deposits under a programme’s profile'),
  () => {
    it('imports the profile, enters the key and the fields, sees the names and deposits the card', async () => {
      const world = await setUpWorld(
        { label: 'programme', files: 1, sizes: 'small', seed: 29 },
        { unconfigured: true },
      );
      const { depot, bucket } = world;
      const page = depot.page;
      work = mkdtempSync(join(tmpdir(), 'depot-e2e-programme-card-'));
      const card = join(work, 'card');
      cpSync(realRecordingsDir, card, { recursive: true });
      for (const name of readdirSync(card)) chmodSync(join(card, name), 0o644);
      const target = {
        endpoint: world.proxy.endpoint,
        region: bucket.region,
        bucket: bucket.bucket,
      };
      const profilePath = join(work, 'vigie-chiro.json');
      writeFileSync(profilePath, profileText(vigieChiroProfile(target)));
      const badPath = join(work, 'old-version.json');
      writeFileSync(badPath, profileText({ ...vigieChiroProfile(target), version: 2 }));

      // A profile from another Depot version: refused with why, and nothing changes.
      const refused = await depot.importProgramme(badPath);
      expect(await refused.innerText()).toBe(
        'Erreur\u00a0: Profil refusé, rien n’a changé\u00a0: version 2 inconnue de ce Depot (il lit la version 1)\u00a0: demandez à votre coordinateur un profil de version 1, ou mettez Depot à jour.',
      );
      expect(await page.locator('form.settings input[name="endpoint"]').inputValue()).toBe('');
      // The coordinator's profile: what it fixes is shown, not editable.
      const imported = await depot.importProgramme(profilePath);
      expect(await imported.innerText()).toBe(
        'Profil «\u00a0Vigie-Chiro — point fixe (exemple)\u00a0» importé\u00a0: il s’applique aux nuits créées à partir de maintenant.',
      );
      const fixed = await page.getByTestId('programme-fixed').innerText();
      for (const shown of [
        target.endpoint,
        target.bucket,
        'Car{carre}/{year}/Pass{passage}/{point}/{night}',
        'Europe/Paris',
        'Carré (^\\d{6}$)',
      ])
        expect(fixed).toContain(shown);
      expect(await page.locator('form.settings input[name="endpoint"]').count()).toBe(0);
      expect(await page.locator('form.settings input[name="bucket"]').count()).toBe(0);
      // The volunteer types only their key.
      await depot.enterCredentials(bucket.accessKeyId, bucket.secretAccessKey);
      // A bad file dropped on the page, in English: refused, and the profile in use stays.
      await depot.setLocale('en');
      const droppedBad = await depot.dropProgramme(
        'old-version.json',
        '{"format": "depot-programme",',
      );
      expect(await droppedBad.innerText()).toMatch(
        /^Error: Profile refused, nothing changed: not JSON \(/,
      );
      expect(await page.locator('#programme-title').innerText()).toBe(
        'Profile in use: Vigie-Chiro — point fixe (exemple)',
      );
      await droppedBad.scrollIntoViewIfNeeded();
      await depot.screenshotAtLaptopSizes('programme-refused-en');
      await depot.setLocale('fr');
      // Shown afresh, from the top: what a volunteer opening Settings sees.
      const top = async (screen: 'settings' | 'nights'): Promise<void> => {
        await depot.go(screen === 'settings' ? 'nights' : 'settings');
        await depot.go(screen);
        await page.locator('h1').first().scrollIntoViewIfNeeded();
      };
      await depot.screenshotEverywhere('programme-settings', () => top('settings'));

      // Nouveau dépôt: the card, the programme's fields with their labels, checked as typed.
      const showNames = async (): Promise<void> => {
        await depot.checkFolder(card);
        await depot.fillProgrammeFields(realRecordingFields);
        await page.getByTestId('names').locator('li').first().waitFor();
        await page.getByTestId('names').scrollIntoViewIfNeeded();
      };
      await depot.checkFolder(card);
      expect(await page.locator('label.programme-field').allInnerTexts()).toEqual([
        expect.stringContaining('Carré'),
        expect.stringContaining('Passage'),
        expect.stringContaining('Point'),
        expect.stringContaining('Nom du détecteur'),
      ]);
      await depot.fillProgrammeFields({ ...realRecordingFields, point: 'Z0' });
      await expect
        .poll(() => page.locator('.field-problem').allInnerTexts())
        .toEqual(['«\u00a0Z0\u00a0» ne correspond pas à ^(Z[1-9]\\d*|[A-H][12])$.']);
      const start = page.getByRole('button', { name: 'Déposer les 9 nuits' });
      expect(await start.isDisabled()).toBe(true);
      await depot.fillProgrammeFields({ point: 'Z1' });
      // The names the files will take, before anything is sent; the README is left out.
      const names = page.getByTestId('names');
      await expect
        .poll(() => names.innerText())
        .toContain('12 fichier(s) sur 12 nommés par le profil');
      const shown = await names.locator('li').allInnerTexts();
      expect(shown.length).toBeGreaterThan(0);
      for (const line of shown) {
        const [file = '', key = ''] = line.split(' → ');
        expect(realRecordingKeys[file]).toBe(key);
      }
      expect(await page.locator('ul.issues').innerText()).toContain(
        'README.md — Pas un enregistrement\u00a0: le profil du programme ne prend que les enregistrements.',
      );
      expect(await start.isDisabled()).toBe(false);
      await depot.screenshotEverywhere('programme-names', showNames);

      await start.click();
      await page.locator('#nights-title').waitFor();
      const rows = page.locator('[data-testid="plans"] tbody tr[data-plan-id]');
      await expect
        .poll(() => rows.locator('.badge[data-state="done"]').count(), { timeout: 180_000 })
        .toBe(9);
      // Each night is labelled with the values its volunteer gave.
      const row = await depot.nightRow('dim. 2 juin 2024').innerText();
      expect(row).toContain('640123 · 1 · Z1 · SM4-07 · dim. 2 juin 2024');
      expect(row).toContain('Profil Vigie-Chiro — point fixe (exemple)');
      await depot.screenshotEverywhere('programme-deposited', () => top('nights'));

      // The server, through an independent client: every key the programme's, every ETag the MD5.
      const listed = await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.bucket }));
      const objects = new Map((listed.Contents ?? []).map((o) => [o.Key ?? '', o.ETag ?? '']));
      const recordings = [...objects.keys()].filter((k) => !k.includes('/.depot/')).sort();
      expect(recordings).toEqual(Object.values(realRecordingKeys).sort());
      for (const [file, key] of Object.entries(realRecordingKeys))
        expect(objects.get(key), file).toBe(`"${md5(join(card, file))}"`);
      const manifestKey = [...objects.keys()].find((k) =>
        k.startsWith('Car640123/2024/Pass1/Z1/2024-06-02/.depot/'),
      );
      const got = await bucket.client.send(
        new GetObjectCommand({ Bucket: bucket.bucket, Key: manifestKey }),
      );
      const manifest = JSON.parse(await got.Body!.transformToString()) as {
        programme: { name: string; sha256: string; fields: Record<string, string> };
        files: { path: string; key: string }[];
      };
      expect(manifest.programme).toEqual({
        name: 'Vigie-Chiro — point fixe (exemple)',
        version: 1,
        sha256: createHash('sha256').update(readFileSync(profilePath)).digest('hex'),
        fields: realRecordingFields,
      });
      expect(manifest.files.map((f) => [f.path, f.key])).toEqual(
        ['0166_20240602_225340.wav', '0166_20240603_033731.wav', '0166_20240603_033937.wav'].map(
          (f) => [f, realRecordingKeys[f]],
        ),
      );
      // The card itself is untouched.
      expect(readdirSync(card).sort()).toEqual(readdirSync(realRecordingsDir).sort());
    });
  },
);

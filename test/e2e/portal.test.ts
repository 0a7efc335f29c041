import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  profileText,
  realRecordingKeys,
  vigieChiroPortalProfile,
} from '../support/programmeProfiles';
import {
  realRecordingsAbsent,
  realRecordingsDir,
  realRecordingsTitle,
} from '../support/realRecordings';
import {
  portalBucketClient,
  startPortalLab,
  type PortalLab,
} from '../support/vigiechiro/portalLab';
import { SIZES } from './support/DepotPage';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();
let work: string | undefined;
let lab: PortalLab | undefined;
afterEach(async () => {
  await lab?.close();
  lab = undefined;
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
  work = undefined;
});

const md5 = (path: string): string => createHash('md5').update(readFileSync(path)).digest('hex');

/** The night of 2 June 2024 on the real card: three recordings of one recorder, one night. */
const NIGHT_FILES = [
  '0166_20240602_225340.wav',
  '0166_20240603_033731.wav',
  '0166_20240603_033937.wav',
];

/** The portal's name of a real recording: the key the example profile gives it, without its folders. */
const portalName = (file: string): string =>
  (realRecordingKeys[file] ?? '').split('/').at(-1) ?? '';

/**
 * A Vigie-Chiro volunteer, as they live it (issue 33, ADR 0032): the coordinator's portal profile
 * imported, the sign-in on the portal's page (the stand-in's, which redirects to Depot with
 * `#/?token=...`), a participation created for the night, the night's real recordings deposited
 * under the point-fixe names the profile makes, "Lancer l'analyse", the end state read in French
 * and in English; the portal's bucket checked by an SDK client of its own.
 */
describe.skipIf(realRecordingsAbsent !== undefined)(
  realRecordingsTitle('a volunteer deposits a night to the Vigie-Chiro portal'),
  () => {
    it('signs in, creates the participation, deposits the night and starts the analysis', async () => {
      const world = await setUpWorld(
        { label: 'portal', files: 1, sizes: 'small', seed: 33 },
        { unconfigured: true },
      );
      const { depot } = world;
      const page = depot.page;
      /** The screen at both laptop sizes, `shown` brought into view at each. */
      const shots = async (name: string, shown: () => Promise<void>): Promise<void> => {
        for (const [width, height] of SIZES) {
          await page.setViewportSize({ width, height });
          await shown();
          await depot.screenshot(`${name}-${width}x${height}`);
        }
      };
      // The portal's front is this Depot: its sign-in ends on the bridge's page with the token.
      lab = await startPortalLab({ frontendDomain: new URL(world.bridge.url).origin });
      const standIn = lab.standIn;
      work = mkdtempSync(join(tmpdir(), 'depot-e2e-portal-'));
      const card = join(work, 'card');
      mkdirSync(card);
      for (const file of NIGHT_FILES) {
        copyFileSync(join(realRecordingsDir, file), join(card, file));
        chmodSync(join(card, file), 0o644);
      }
      const profilePath = join(work, 'vigie-chiro-portail.json');
      writeFileSync(
        profilePath,
        profileText(
          vigieChiroPortalProfile({
            api: lab.api.endpoint,
            signIn: `${standIn.endpoint}/login/google`,
          }),
        ),
      );
      await depot.importProgramme(profilePath);

      // Portail: not signed in yet; the portal's page opens in a tab, its redirect comes back.
      await depot.go('portal');
      await page.getByTestId('portal-signed-out').waitFor();
      await depot.screenshotAtLaptopSizes('portal-signed-out');
      const [signInTab] = await Promise.all([
        world.context.waitForEvent('page'),
        page.getByRole('button', { name: 'Se connecter au portail' }).click(),
      ]);
      await signInTab.locator(`a[data-user="${standIn.volunteer.pseudo}"]`).click();
      const signedIn = page.getByTestId('portal-signed-in');
      await signedIn.waitFor({ timeout: 30_000 });
      expect(await signedIn.innerText()).toMatch(/^Connecté depuis le .+\(encore 1[34] jours\)/);
      // The token is never shown.
      expect(await page.locator('body').innerText()).not.toMatch(/[A-Z0-9]{32}/);
      await depot.screenshotAtLaptopSizes('portal-signed-in');

      // Nouveau dépôt: the night's recordings, the programme's fields, the names, a participation.
      await depot.checkFolder(card);
      await depot.fillProgrammeFields({
        carre: '640123',
        passage: '1',
        point: 'Z1',
        detecteur: 'SM4-07',
      });
      const names = page.getByTestId('names');
      await expect
        .poll(() => names.innerText())
        .toContain('3 fichier(s) sur 3 nommés par le profil');
      const shown = await names.locator('li').allInnerTexts();
      for (const line of shown) {
        const [file = '', name = ''] = line.split(' → ');
        expect(name.split('/').at(-1)).toBe(portalName(file));
      }
      const start = page.getByRole('button', { name: 'Déposer', exact: true });
      expect(await start.isDisabled()).toBe(true);
      await page.getByTestId('needs-participation').waitFor();
      const picker = page.getByTestId('participation');
      await picker.locator('input[name="participation-site"]').fill(standIn.volunteer.siteId);
      await picker.getByRole('button', { name: 'Créer la participation pour cette nuit' }).click();
      const chosen = page.getByTestId('participation-chosen');
      await chosen.waitFor();
      const mine = standIn.participations().filter((p) => p.observateur === standIn.volunteer.id);
      expect(mine).toHaveLength(1);
      const participation = mine[0]?._id ?? '';
      expect(await chosen.innerText()).toBe(`La nuit ira dans la participation ${participation}.`);
      await shots('portal-participation', () =>
        page.getByRole('button', { name: 'Déposer', exact: true }).scrollIntoViewIfNeeded(),
      );

      // The deposit, to its end.
      await start.click();
      await page.locator('#current-title').waitFor();
      await depot.waitForPlanState('done', 180_000);
      const night = page.getByTestId('portal-night');
      expect(await night.getByTestId('participation-id').innerText()).toContain(participation);
      await expect.poll(() => night.getByTestId('portal-holds').innerText()).toMatch(/3/);
      expect(await night.getByTestId('analysis').innerText()).toBe('pas encore lancée');
      await night.getByRole('button', { name: 'Lancer l’analyse' }).click();
      await expect.poll(() => night.getByTestId('analysis').innerText()).toMatch(/^demandée le /);
      expect(standIn.participations().find((p) => p._id === participation)?.traitement?.etat).toBe(
        'PLANIFIE',
      );
      const frEnd = await night.innerText();
      // The end names the portal, never "the server" (issue 33).
      const endOf = async (): Promise<string> =>
        (await page.locator('#current-title').innerText()) +
        '\n' +
        (await page.getByTestId('portal-night').innerText());
      const frDone = await endOf();
      expect(frDone).toMatch(/^Nuit déposée sur le portail Vigie-Chiro, vérifiée · /);
      expect(frDone).not.toMatch(/serveur/i);
      // Nothing on the screen of a portal night speaks of "the server" (the portal removes no
      // finalized file: no "Retirer ce dépôt du serveur", no "Corriger la destination").
      expect(await page.locator('main').innerText()).not.toMatch(/serveur/i);
      const top = () => page.locator('#current-title').scrollIntoViewIfNeeded();
      await shots('portal-night-done-fr', top);

      // The same end state in English.
      await depot.setLocale('en');
      await depot.go('current');
      const enNight = page.getByTestId('portal-night');
      await expect.poll(() => enNight.getByTestId('analysis').innerText()).toMatch(/^asked on /);
      const enEnd = await enNight.innerText();
      expect(enEnd).toContain('On the portal now');
      expect(enEnd).not.toBe(frEnd);
      const enDone = await endOf();
      expect(enDone).toMatch(/^Night deposited on the Vigie-Chiro portal, verified · /);
      expect(enDone).not.toMatch(/server/i);
      expect(await page.locator('main').innerText()).not.toMatch(/server/i);
      await shots('portal-night-done-en', top);
      await depot.setLocale('fr');

      // The portal's documents and bucket, by an SDK client of its own: every name finalized
      // once, every object's ETag the recording's MD5, with the signed Content-Type.
      const docs = standIn.fichiers().filter((f) => f.lien_participation === participation);
      expect(docs.map((d) => d.titre).sort()).toEqual(NIGHT_FILES.map(portalName).sort());
      expect(docs.every((d) => d.disponible)).toBe(true);
      const bucket = portalBucketClient(standIn);
      try {
        for (const file of NIGHT_FILES) {
          const doc = docs.find((d) => d.titre === portalName(file));
          const head = await bucket.send(
            new HeadObjectCommand({ Bucket: standIn.s3.bucket, Key: doc?.s3_id }),
          );
          expect(head.ETag, file).toBe(`"${md5(join(card, file))}"`);
          expect(head.ContentType, file).toBe('audio/wav');
        }
      } finally {
        bucket.destroy();
      }
    });
  },
);

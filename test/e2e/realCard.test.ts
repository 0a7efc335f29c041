import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import {
  echoMeterNight,
  realRecordingsAbsent,
  realRecordingsDir,
  realRecordingsTitle,
} from '../support/realRecordings';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();

/**
 * A card of twelve real recordings (a BATLOGGER S2, an AudioMoth, an Echo Meter Touch 2, three
 * files dated by their name only), read where the workplace keeps them: what the volunteer is
 * told before depositing, and each night's row after, with that night's own recorder.
 */
describe.skipIf(realRecordingsAbsent !== undefined)(
  realRecordingsTitle('a card of real recordings through the interface'),
  () => {
    it('a volunteer checks a card from three recorders and deposits its nine nights', async () => {
      const world = await setUpWorld({ label: 'real-card', files: 1, sizes: 'small', seed: 21 });
      const { depot } = world;
      const page = depot.page;
      const summary = await depot.checkFolder(realRecordingsDir);
      const said = await summary.innerText();
      expect(said).toContain(
        'sam. 1 juillet 2017 (1), mer. 30 mai 2018 (1), mer. 27 juin 2018 (1), lun. 15 août 2022 (1), ' +
          'mer. 22 mars 2023 (1), ven. 31 mai 2024 (1), dim. 2 juin 2024 (3), mar. 4 juin 2024 (1), ' +
          'mar. 3 septembre 2024 (2)',
      );
      // Three recorders on one card: the summary names each, not only the most frequent.
      expect(await page.getByTestId('recorders').innerText()).toBe(
        [
          'BATLOGGER S2 · 22060166',
          'Open Acoustic Devices AudioMoth · 24E144055E080032',
          'Wildlife Acoustics Echo Meter Touch 2 Standard Android',
        ].join('\n'),
      );
      expect(said).toContain('Enregistreurs');
      const warned = (await page.locator('ul.issues li').allInnerTexts()).join('\n');
      expect(warned).toContain(
        'Enregistrements de plusieurs appareils (BATLOGGER S2 · 22060166, ' +
          'Open Acoustic Devices AudioMoth · 24E144055E080032, ' +
          'Wildlife Acoustics Echo Meter Touch 2 Standard Android)',
      );
      expect(warned).toContain('README.md — Fichier d’accompagnement');
      expect(await page.getByTestId('nights-choice').innerText()).toContain(
        'Ce dossier contient 9 nuits.',
      );
      await page.locator('input[name="site"]').fill('SITE01');
      await page.locator('input[name="point"]').fill('P07');
      // Where each night will go, shown before anything is sent.
      await expect
        .poll(() => page.getByTestId('destination').innerText())
        .toContain('SITE01/P07/2024-06-02/');
      await world.depot.screenshotAtLaptopSizes('carte-reelle-analyse');

      await page.getByRole('button', { name: 'Déposer les 9 nuits' }).click();
      await page.locator('#nights-title').waitFor();
      const rows = page.locator('[data-testid="plans"] tbody tr');
      await expect
        .poll(() => rows.locator('.badge[data-state="done"]').count(), { timeout: 120_000 })
        .toBe(9);
      const row = (night: string) => rows.filter({ hasText: `SITE01 · P07 · ${night}` });
      // Each night's row names that night's recorder, make and model as the files say.
      expect(await row('mar. 3 septembre 2024').innerText()).toContain(
        'Enregistreur Open Acoustic Devices AudioMoth · 24E144055E080032',
      );
      expect(await row('dim. 2 juin 2024').innerText()).toContain(
        'Enregistreur BATLOGGER S2 · 22060166',
      );
      expect(await row('dim. 2 juin 2024').innerText()).toContain('3 / 3 fichiers');
      expect(await row('lun. 15 août 2022').innerText()).toContain(
        'Enregistreur Wildlife Acoustics Echo Meter Touch 2 Standard Android',
      );
      // A recording with nothing but its name has no recorder to show, and none borrowed.
      expect(await row('mer. 22 mars 2023').innerText()).not.toContain('Enregistreur');
      await world.depot.screenshotAtLaptopSizes('carte-reelle-deposee');

      const listed = await world.bucket.client.send(
        new ListObjectsV2Command({ Bucket: world.bucket.bucket, Prefix: 'SITE01/P07/' }),
      );
      const keys = (listed.Contents ?? []).map((o) => o.Key ?? '');
      expect(keys.filter((k) => !k.includes('/.depot/')).sort()).toEqual([
        'SITE01/P07/2017-07-01/20170701_213954-MYOMYS-LR_0_0.5.wav',
        'SITE01/P07/2017-07-01/README.md',
        'SITE01/P07/2018-05-30/20180530_213516-EPTSER-LR_0_0.5.wav',
        'SITE01/P07/2018-06-27/20180627_215323-RHIFER-LR_0_0.5.wav',
        'SITE01/P07/2022-08-15/Echometer.wav',
        'SITE01/P07/2023-03-22/20230322_172000_selec2.wav',
        'SITE01/P07/2024-05-31/0166_20240531_223911.wav',
        'SITE01/P07/2024-06-02/0166_20240602_225340.wav',
        'SITE01/P07/2024-06-02/0166_20240603_033731.wav',
        'SITE01/P07/2024-06-02/0166_20240603_033937.wav',
        'SITE01/P07/2024-06-04/0166_20240604_233500.wav',
        'SITE01/P07/2024-09-03/Audiomoth.WAV',
        'SITE01/P07/2024-09-03/AudiomothNoBatCalls.WAV',
      ]);
      // One manifest a night, written last, describing that night as the command line's would.
      const manifests = keys.filter((k) => k.includes('/.depot/'));
      expect(manifests).toHaveLength(9);
      const echoKey = manifests.find((k) => k.startsWith('SITE01/P07/2022-08-15/'));
      const got = await world.bucket.client.send(
        new GetObjectCommand({ Bucket: world.bucket.bucket, Key: echoKey }),
      );
      const manifest = JSON.parse(await got.Body!.transformToString()) as {
        metadata: Record<string, unknown>;
      };
      expect(manifest.metadata).toMatchObject({
        ...echoMeterNight,
        // The app gives no zone: the file's own offset places it.
        site: 'SITE01',
        point: 'P07',
      });
    });
  },
);

import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositSummary } from '../../../electron/cli/DepositSummary';
import { depotEnv } from '../../support/depotEnv';
import type { FaultProxy } from '../../support/faultProxy';
import { proxiedBucket, type ProxiedBucket } from '../../support/proxiedBucket';
import { profileText, realRecordingKeys, vigieChiroProfile } from '../../support/programmeProfiles';
import {
  realRecordingsAbsent,
  realRecordingsDir,
  realRecordingsTitle,
} from '../../support/realRecordings';
import { runDepot } from '../../support/runDepot';
import type { TestBucket } from '../../support/testBucket';

const expected = realRecordingKeys;
const keyOf = (file: string): string => expected[file] ?? '';

const fields = [
  '--field',
  'carre=640123',
  '--field',
  'passage=1',
  '--field',
  'point=Z1',
  '--field',
  'detecteur=SM4-07',
];
const md5 = (path: string): string => createHash('md5').update(readFileSync(path)).digest('hex');
const sha256 = (path: string): string =>
  createHash('sha256').update(readFileSync(path)).digest('hex');

/**
 * A volunteer of a programme deposits a card of real recordings with the coordinator's profile:
 * `depot deposit --programme FILE --field ...` names every file as Vigie-Chiro's point fixe needs
 * (the card untouched), and an independent SDK client finds every key with the file's MD5 as its
 * ETag, and each night's manifest mapping path to key and naming the profile. A bad profile and a
 * bad field value are refused in one line, with nothing written.
 */
describe.skipIf(realRecordingsAbsent !== undefined)(
  realRecordingsTitle('depot deposit with a programme’s profile'),
  () => {
    let setup: ProxiedBucket;
    let b: TestBucket;
    let proxy: FaultProxy;
    let card: string;
    let profile: string;

    beforeAll(async () => {
      setup = await proxiedBucket('programme');
      ({ bucket: b, proxy } = setup);
      card = join(setup.work, 'card');
      cpSync(realRecordingsDir, card, { recursive: true });
      // The copies are ours: writable, as a card is (the fixtures are read-only).
      for (const name of readdirSync(card)) chmodSync(join(card, name), 0o644);
      profile = join(setup.work, 'vigie-chiro.json');
      writeFileSync(
        profile,
        profileText(
          vigieChiroProfile({ endpoint: proxy.endpoint, region: b.region, bucket: b.bucket }),
        ),
      );
    });
    afterAll(() => setup.close());

    const listAll = async (): Promise<Map<string, { etag: string; size: number }>> => {
      const listed = await b.client.send(new ListObjectsV2Command({ Bucket: b.bucket }));
      return new Map(
        (listed.Contents ?? []).map((o) => [
          o.Key ?? '',
          { etag: o.ETag ?? '', size: o.Size ?? -1 },
        ]),
      );
    };

    it('refuses a bad profile and a bad field value in one line, writing nothing', async () => {
      const db = join(setup.work, 'refused.db');
      const badProfile = join(setup.work, 'bad.json');
      const cases: readonly (readonly [string, readonly string[], string])[] = [
        ['not JSON', ['--programme', badProfile, ...fields], 'not JSON ('],
        [
          'an unknown version',
          ['--programme', badProfile, ...fields],
          'version 2 is not one this Depot reads (1)',
        ],
        [
          'a pattern that is not a regular expression',
          ['--programme', badProfile, ...fields],
          '"fields[0].pattern": ^\\d{6$( is not a valid regular expression',
        ],
        [
          'a carré of five digits',
          ['--programme', profile, ...fields, '--field', 'carre=64012'],
          '--field carre="64012" does not match ^\\d{6}$ (Square, e.g. 640123)',
        ],
        [
          'a missing passage',
          [
            '--programme',
            profile,
            '--field',
            'carre=640123',
            '--field',
            'point=Z1',
            '--field',
            'detecteur=SM4-07',
          ],
          'the programme needs --field passage=VALUE (Visit, matching ^[1-9]\\d?$, e.g. 1)',
        ],
        [
          'a bucket the profile does not fix',
          ['--programme', profile, ...fields, '--bucket', 'elsewhere'],
          `--bucket "elsewhere" conflicts with the programme profile ${profile}, which fixes the bucket to "${b.bucket}"`,
        ],
      ];
      const texts = [
        '{"format": "depot-programme", "version": 1,',
        profileText({
          ...vigieChiroProfile({ endpoint: proxy.endpoint, region: b.region, bucket: b.bucket }),
          version: 2,
        }),
        profileText(
          vigieChiroProfile(
            { endpoint: proxy.endpoint, region: b.region, bucket: b.bucket },
            {
              fields: [
                { name: 'carre', label: { fr: 'Carré', en: 'Square' }, pattern: '^\\d{6$(' },
              ],
            },
          ),
        ),
      ];
      proxy.clearLog();
      for (const [i, [what, args, line]] of cases.entries()) {
        const text = texts[i];
        if (text !== undefined) writeFileSync(badProfile, text);
        const r = await runDepot(['deposit', card, ...args, '--db', db, '--json'], {
          env: depotEnv(b),
        });
        expect({ what, code: r.code }).toEqual({ what, code: 2 });
        expect(r.stderr, what).toContain(line);
        // One line, nothing on stdout.
        expect(r.stderr.trimEnd().split('\n'), what).toHaveLength(1);
        expect(r.stdout, what).toBe('');
      }
      // Refused before any network contact and before the plan database was made.
      expect(proxy.log()).toEqual([]);
      expect(existsSync(db)).toBe(false);
      expect(await listAll()).toEqual(new Map());
    });

    it('deposits every recording under its programme name, proved by the server, and maps each night', async () => {
      const db = join(setup.work, 'programme.db');
      const r = await runDepot(
        ['deposit', card, '--programme', profile, ...fields, '--db', db, '--json'],
        {
          env: depotEnv(b),
        },
      );
      expect(r.code, r.stderr).toBe(0);
      const summaries = (JSON.parse(r.stdout) as { nights: DepositSummary[] }).nights;
      expect(summaries.map((s) => [s.night, s.result])).toEqual(
        [
          '2017-07-01',
          '2018-05-30',
          '2018-06-27',
          '2022-08-15',
          '2023-03-22',
          '2024-05-31',
          '2024-06-02',
          '2024-06-04',
          '2024-09-03',
        ].map((n) => [n, 'completed']),
      );

      // An independent client: every key is the programme's name, its ETag the local file's MD5.
      const objects = await listAll();
      const recordings = [...objects.keys()].filter((k) => !k.includes('/.depot/')).sort();
      expect(recordings).toEqual(Object.keys(expected).map(keyOf).sort());
      for (const file of Object.keys(expected)) {
        const object = objects.get(keyOf(file));
        expect(object?.etag, file).toBe(`"${md5(join(card, file))}"`);
        expect(object?.size, file).toBe(readFileSync(join(card, file)).length);
      }
      // The profile takes recordings only: the card's README stays on the card.
      expect(recordings.some((k) => k.includes('README'))).toBe(false);
      // The card is never renamed.
      expect(readdirSync(card).sort()).toEqual(readdirSync(realRecordingsDir).sort());

      // Each night's manifest maps its paths to their keys and names the profile it used.
      const manifests = [...objects.keys()].filter((k) => k.includes('/.depot/'));
      expect(manifests).toHaveLength(9);
      const mapped: Record<string, string> = {};
      for (const key of manifests) {
        const got = await b.client.send(new GetObjectCommand({ Bucket: b.bucket, Key: key }));
        const manifest = JSON.parse(await got.Body!.transformToString()) as {
          programme: unknown;
          files: { path: string; key: string }[];
        };
        expect(manifest.programme, key).toEqual({
          name: 'Vigie-Chiro — point fixe (exemple)',
          version: 1,
          sha256: sha256(profile),
          fields: { carre: '640123', passage: '1', point: 'Z1', detecteur: 'SM4-07' },
        });
        for (const f of manifest.files) mapped[f.path] = f.key;
      }
      expect(mapped).toEqual(Object.fromEntries(Object.keys(expected).map((f) => [f, keyOf(f)])));

      // `depot verify` finds the keys the profile gave.
      const verified = await runDepot(
        ['verify', card, '--programme', profile, ...fields, '--json'],
        {
          env: depotEnv(b),
        },
      );
      expect(verified.code, verified.stderr + verified.stdout).toBe(0);
      const lines = verified.stdout
        .trim()
        .split('\n')
        .map(
          (l) =>
            JSON.parse(l) as { verified: number; files: number; manifest: { present: boolean } },
        );
      expect(lines).toHaveLength(9);
      expect(lines.reduce((n, l) => n + l.verified, 0)).toBe(12);
      expect(lines.every((l) => l.verified === l.files && l.manifest.present)).toBe(true);

      // The same folder with another passage: the night keeps the names it was created with.
      const other = await runDepot(
        [
          'deposit',
          card,
          '--programme',
          profile,
          ...fields.slice(0, 2),
          '--field',
          'passage=1',
          '--field',
          'point=Z1',
          '--field',
          'detecteur=SM4-08',
          '--db',
          db,
        ],
        { env: depotEnv(b) },
      );
      expect(other.code).toBe(2);
      expect(other.stderr).toContain('was created with other names');
    });

    it('depot check shows the names a deposit would give, and blocks the files it cannot name', async () => {
      const named = await runDepot(['check', card, '--programme', profile, ...fields], {
        env: depotEnv(b),
      });
      expect(named.stdout).toContain(`Echometer.wav -> ${keyOf('Echometer.wav')}`);
      expect(named.stdout).toContain('README.md: not-for-programme');
      // A profile naming files by their recorder's serial: files that name none block, named.
      const bySerial = join(setup.work, 'by-serial.json');
      writeFileSync(
        bySerial,
        profileText(
          vigieChiroProfile(
            { endpoint: proxy.endpoint, region: b.region, bucket: b.bucket },
            {
              names: {
                prefix: 'Car{carre}/{night}',
                object:
                  'Car{carre}-{year}-Pass{passage}-{point}-{serial}_{date}_{time}_{ms}.{ext:lower}',
                otherFiles: 'skip',
              },
            },
          ),
        ),
      );
      const r = await runDepot(
        [
          'deposit',
          card,
          '--programme',
          bySerial,
          ...fields,
          '--db',
          join(setup.work, 'serial.db'),
        ],
        {
          env: depotEnv(b),
        },
      );
      expect(r.code).toBe(2);
      for (const file of [
        'Echometer.wav',
        '20230322_172000_selec2.wav',
        '20170701_213954-MYOMYS-LR_0_0.5.wav',
      ])
        expect(r.stderr).toContain(
          `${file}: Its name for the programme needs {serial}: the recorder, and neither this file nor its night names it`,
        );
    });
  },
);

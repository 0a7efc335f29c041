import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositSummary } from '../../../electron/cli/DepositSummary';
import type { PlanMetadata } from '../../../shared/field/planMetadata';
import { depotEnv } from '../../support/depotEnv';
import type { FaultProxy, ProxyLogEntry } from '../../support/faultProxy';
import { proxiedBucket, type ProxiedBucket } from '../../support/proxiedBucket';
import {
  echoMeterNight,
  realRecordingsAbsent,
  realRecordingsDir,
  realRecordingsTitle,
} from '../../support/realRecordings';
import { runDepot } from '../../support/runDepot';
import type { TestBucket } from '../../support/testBucket';

/** The card's nights and files, from the recordings' own chunks (see the pre-flight's unit test). */
const nights: Readonly<Record<string, readonly string[]>> = {
  // The undated README goes with the first night (ADR 0012).
  '2017-07-01': ['20170701_213954-MYOMYS-LR_0_0.5.wav', 'README.md'],
  '2018-05-30': ['20180530_213516-EPTSER-LR_0_0.5.wav'],
  '2018-06-27': ['20180627_215323-RHIFER-LR_0_0.5.wav'],
  '2022-08-15': ['Echometer.wav'],
  '2023-03-22': ['20230322_172000_selec2.wav'],
  '2024-05-31': ['0166_20240531_223911.wav'],
  '2024-06-02': [
    '0166_20240602_225340.wav',
    '0166_20240603_033731.wav',
    '0166_20240603_033937.wav',
  ],
  '2024-06-04': ['0166_20240604_233500.wav'],
  '2024-09-03': ['Audiomoth.WAV', 'AudiomothNoBatCalls.WAV'],
};

const md5 = (path: string): string => createHash('md5').update(readFileSync(path)).digest('hex');

/**
 * A volunteer's card of real recordings (BATLOGGER S2, AudioMoth, Echo Meter Touch 2, files dated
 * by name only) deposited with the command line to radosgw: every night under its own date, each
 * proved by the server's checksum, each manifest describing its own night, and each night's
 * summary counting its own requests and time.
 */
describe.skipIf(realRecordingsAbsent !== undefined)(
  realRecordingsTitle('depot deposit of a card of real recordings'),
  () => {
    let setup: ProxiedBucket;
    let b: TestBucket;
    let proxy: FaultProxy;
    let work: string;

    beforeAll(async () => {
      setup = await proxiedBucket('real-card');
      ({ bucket: b, proxy, work } = setup);
    });
    afterAll(() => setup.close());

    it('files each night under its date, proved, with its own recorder and its own counts', async () => {
      proxy.clearLog();
      const r = await runDepot(
        [
          'deposit',
          realRecordingsDir,
          '--endpoint',
          proxy.endpoint,
          '--bucket',
          b.bucket,
          '--path-style',
          '--prefix',
          'card/{night}/',
          '--tz',
          'Europe/Paris',
          '--db',
          join(work, 'card.db'),
          '--json',
        ],
        { env: depotEnv(b) },
      );
      expect(r.code, r.stderr).toBe(0);
      const summaries = (JSON.parse(r.stdout) as { nights: DepositSummary[] }).nights;
      expect(summaries.map((s) => s.night)).toEqual(Object.keys(nights));

      const listed = await b.client.send(
        new ListObjectsV2Command({ Bucket: b.bucket, Prefix: 'card/' }),
      );
      const objects = new Map((listed.Contents ?? []).map((o) => [o.Key ?? '', o]));
      for (const [night, files] of Object.entries(nights)) {
        const summary = summaries.find((s) => s.night === night);
        expect(summary, night).toMatchObject({
          result: 'completed',
          units: files.length,
          done: files.length,
          failed: [],
          pending: 0,
          manifest: true,
        });
        for (const file of files) {
          // Single PUTs (all under 5 MiB): the ETag radosgw computed is the file's MD5.
          const object = objects.get(`card/${night}/${file}`);
          expect(object?.ETag, `${night}/${file}`).toBe(`"${md5(join(realRecordingsDir, file))}"`);
        }
      }

      // Each night's summary counts the requests made for that night, not the process's total.
      const log = proxy.log();
      const nightOf = (e: ProxyLogEntry): string | undefined => {
        const key = decodeURIComponent(e.path).slice(`/${b.bucket}/`.length);
        const prefix = new URLSearchParams(e.query).get('prefix') ?? '';
        return /^card\/(\d{4}-\d{2}-\d{2})\//.exec(key || prefix)?.[1];
      };
      // Outside any night: only the command's probe (a listing of nothing inside the prefix, on
      // its own client, which no night counts); no HeadBucket since least privilege (issue 29).
      const outside = log.filter((e) => nightOf(e) === undefined);
      const isProbe = (e: ProxyLogEntry): boolean =>
        new URLSearchParams(e.query).get('max-keys') === '0';
      expect(outside.map((e) => (isProbe(e) ? 'probe' : e.method))).toEqual(['probe']);
      for (const summary of summaries) {
        const own = log.filter((e) => nightOf(e) === summary.night).length;
        expect({ night: summary.night, counted: summary.firstAttempts }).toEqual({
          night: summary.night,
          counted: own,
        });
        expect(summary.retriesGranted).toBe(0);
      }
      // Times are each night's too: they add up to no more than the command's whole run.
      const total = summaries.reduce((sum, s) => sum + s.elapsedMs, 0);
      expect(total).toBeLessThanOrEqual(r.end - r.start);
      expect(summaries.every((s) => s.elapsedMs >= 0)).toBe(true);

      // Each manifest describes its own night: recorder, place and counts of its files.
      const manifestOf = async (night: string): Promise<PlanMetadata> => {
        const key = [...objects.keys()].find((k) => k.startsWith(`card/${night}/.depot/`));
        const got = await b.client.send(new GetObjectCommand({ Bucket: b.bucket, Key: key }));
        const body = JSON.parse(await got.Body!.transformToString()) as {
          metadata: PlanMetadata;
        };
        return body.metadata;
      };
      expect(await manifestOf('2022-08-15')).toMatchObject(echoMeterNight);
      expect(await manifestOf('2024-06-02')).toMatchObject({
        make: 'BATLOGGER',
        model: 'S2',
        serial: '22060166',
        serials: ['22060166'],
        position: { lat: 49.093119, lon: 5.047867 },
        firstAt: '2024-06-02T22:53:40+02:00',
        lastAt: '2024-06-03T03:39:37+02:00',
        totalFiles: 3,
      });
      expect(await manifestOf('2024-09-03')).toMatchObject({
        make: 'Open Acoustic Devices',
        model: 'AudioMoth',
        serial: '24E144055E080032',
        totalFiles: 2,
      });
    });

    it('depot check names the three recorders and the nine nights, and waits for a decision', async () => {
      const r = await runDepot(['check', realRecordingsDir, '--tz', 'Europe/Paris'], {
        env: depotEnv(b),
      });
      // Several nights block a deposit under one prefix: exit 3, nothing sent.
      expect(r.code, r.stderr).toBe(3);
      expect(r.stdout).toContain(
        'Recorders: BATLOGGER S2 · 22060166; Open Acoustic Devices AudioMoth · 24E144055E080032; ' +
          'Wildlife Acoustics Echo Meter Touch 2 Standard Android',
      );
      expect(r.stdout).toContain(
        '2024-06-02 (3 files, 2024-06-02T22:53:40+02:00 -> 2024-06-03T03:39:37+02:00)',
      );
      expect(r.stdout).toContain('files by source: file-offset 3, volunteer 9');
    });
  },
);

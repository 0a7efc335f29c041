import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthNight } from '../../../electron/field/synthNight';
import { depotEnv } from '../../support/depotEnv';
import { proxiedBucket, type ProxiedBucket } from '../../support/proxiedBucket';
import { runDepot } from '../../support/runDepot';
import { targetArgs } from '../../support/targetArgs';

// libfaketime (Debian's faketime, installed by scripts/install-system-deps.sh) shifts the wall
// clock of the command's process from a file read at every call; the monotonic clock is left
// alone, as an NTP correction leaves it (LAB.md).
const FAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1';
const absent = existsSync(FAKETIME) ? '' : ` (skipped: no ${FAKETIME}; apt-get install faketime)`;

/**
 * Issue 30, item 7: the laptop's wall clock set back 20 minutes mid-night (an NTP correction when
 * the tether comes up). Before, every wait stretched by the jump: 300 s of silence and no request.
 * 20 minutes is also past S3's 15 minutes of accepted skew: every signature after the jump is
 * dated by the server's clock, learnt from its answers (item 11).
 */
describe.skipIf(absent !== '')(`a wall clock that jumps mid-night${absent}`, () => {
  let setup: ProxiedBucket;
  let night: string;

  beforeAll(async () => {
    setup = await proxiedBucket('clock-jump');
    night = join(setup.work, 'night');
    await synthNight(night, { files: 6, totalBytes: 3_000_000, seed: 7, sizes: 'small' });
  });
  afterAll(() => setup.close());

  it.each([
    ['set back 20 minutes', '-20m', 'back'],
    ['set forward 20 minutes', '+20m', 'forward'],
  ])(
    '%s: the night goes on at its pace and every file lands, verified',
    async (_, jump, prefix) => {
      const { bucket: b, proxy, work } = setup;
      const offsetFile = join(work, `faketime-${prefix}`);
      writeFileSync(offsetFile, '+0\n');
      proxy.clearLog();
      // The jump comes with the first payload on the wire, while the cap paces the rest.
      const watch = setInterval(() => {
        if (proxy.log().some((e) => e.method === 'PUT' && e.bytesIn > 0)) {
          writeFileSync(offsetFile, `${jump}\n`);
          clearInterval(watch);
        }
      }, 20);
      const started = performance.now();
      const run = await runDepot(
        [
          'deposit',
          night,
          ...targetArgs(proxy.endpoint, b.bucket, prefix),
          '--bwlimit',
          '512KiB/s',
          '--db',
          join(work, `${prefix}.db`),
        ],
        {
          env: depotEnv(b, {
            LD_PRELOAD: FAKETIME,
            FAKETIME_TIMESTAMP_FILE: offsetFile,
            FAKETIME_NO_CACHE: '1',
            FAKETIME_DONT_FAKE_MONOTONIC: '1',
          }),
          hangMs: 30 * 60_000,
        },
      );
      clearInterval(watch);
      const tookMs = performance.now() - started;
      expect(readFileSync(offsetFile, 'utf8').trim()).toBe(jump);
      expect(run.stderr).not.toMatch(/credential|permission/i);
      expect(run.code).toBe(0);
      // A hang bound, not a speed: about 6 s of capped payload, where a wait stretched by the jump
      // alone takes 20 minutes.
      expect(tookMs).toBeLessThan(10 * 60_000);
      for (const name of readdirSync(night).filter((f) => f.endsWith('.wav'))) {
        const head = await b.client.send(
          new HeadObjectCommand({ Bucket: b.bucket, Key: `${prefix}/${name}` }),
        );
        const md5 = createHash('md5')
          .update(readFileSync(join(night, name)))
          .digest('hex');
        expect(head.ETag).toBe(`"${md5}"`);
      }
    },
  );
});

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthNight } from '../../../electron/field/synthNight';
import { depotEnv } from '../../support/depotEnv';
import { s3Request } from '../../support/faultProxy';
import { proxiedBucket, type ProxiedBucket } from '../../support/proxiedBucket';
import { runDepot } from '../../support/runDepot';
import { targetArgs } from '../../support/targetArgs';

// Mounting needs root (CI runs as root); elsewhere the test says why it did not run.
const notRoot = process.getuid?.() === 0 ? '' : ' (skipped: mounting a card needs root)';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Issue 30, item 10: a card reader that drops out for a few seconds (`umount -l` while three
 * multipart files are in flight, then mounted again at the same path). Before, each file in flight
 * failed for good, and every command after it exited 3 with three uploads left open.
 */
describe.skipIf(notRoot !== '')(`a card that drops out mid-night${notRoot}`, () => {
  let setup: ProxiedBucket;
  let card: string;
  let recordings: string;
  let mounted = false;
  const mount = (): void => {
    execFileSync('mount', ['--bind', recordings, card]);
    mounted = true;
  };
  const unmount = (): void => {
    execFileSync('umount', ['-l', card]);
    mounted = false;
  };

  beforeAll(async () => {
    setup = await proxiedBucket('card-drop');
    recordings = join(setup.work, 'sd');
    card = join(setup.work, 'card');
    mkdirSync(card);
    await synthNight(recordings, { files: 5, totalBytes: 40_000_000, seed: 3, sizes: 'large' });
    mount();
  });
  afterAll(async () => {
    if (mounted) unmount();
    await setup.close();
  });

  it('waits for the card, says so, and lands every file verified with no upload left open', async () => {
    const { bucket: b, proxy, work } = setup;
    let pulledAt: number | undefined;
    let back = false;
    const run = await runDepot(
      [
        'deposit',
        card,
        ...targetArgs(proxy.endpoint, b.bucket, 'card'),
        '--concurrency',
        '3',
        '--bwlimit',
        '4MiB/s',
        '--db',
        join(work, 'depot.db'),
      ],
      {
        env: depotEnv(b),
        hangMs: 10 * 60_000,
        watch: ({ stderr }) => {
          // Pulled out once parts of the files in flight have landed.
          if (pulledAt === undefined && proxy.count(s3Request.uploadPart) >= 3) {
            unmount();
            pulledAt = performance.now();
          }
          // Put back once the command has said so (and a few seconds have passed).
          if (!back && pulledAt !== undefined && /card removed/.test(stderr)) {
            if (performance.now() - pulledAt < 3_000) return;
            mount();
            back = true;
          }
        },
      },
    );
    expect(back).toBe(true);
    expect(run.stderr).toMatch(/card removed: put it back to continue/);
    expect(run.stderr).not.toMatch(/failed:/);
    expect(run.code).toBe(0);
    // Re-sent: at most the parts on the wire when the card went, one per file in flight.
    const resent = /re-sent ([\d.]+) (B|KiB|MiB)/.exec(run.stdout);
    const resentBytes =
      Number(resent?.[1] ?? 'NaN') *
      { B: 1, KiB: 1024, MiB: 1024 ** 2 }[(resent?.[2] ?? 'B') as 'B' | 'KiB' | 'MiB'];
    expect(resentBytes).toBeLessThanOrEqual(3 * 5 * 1024 ** 2);
    for (const name of readdirSync(recordings).filter((f) => f.endsWith('.wav'))) {
      const got = await b.client.send(
        new GetObjectCommand({ Bucket: b.bucket, Key: `card/${name}` }),
      );
      const bytes = await got.Body?.transformToByteArray();
      expect(sha256(bytes ?? new Uint8Array())).toBe(sha256(readFileSync(join(recordings, name))));
    }
    const open = await b.client.send(
      new ListMultipartUploadsCommand({ Bucket: b.bucket, Prefix: 'card/' }),
    );
    expect(open.Uploads ?? []).toEqual([]);
  });
});

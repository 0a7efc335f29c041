import { HeadObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultEngineSettings } from '../../electron/engine/EngineSettings';
import { s3Request } from '../support/faultProxy';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();

// The app deposits with the engine's default part size.
const PART_SIZE = defaultEngineSettings.partSize;
const CONCURRENCY = 3;

const percentOf = (text: string): number => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

describe('the backend killed mid-deposit', () => {
  it('resumes where it was after a restart, re-sending at most one part per file in flight', async () => {
    const world = await setUpWorld(
      { label: 'restart', files: 4, sizes: 'large', totalBytes: 90_000_000, seed: 41 },
      { concurrency: CONCURRENCY, bwlimitMBps: 6 },
    );
    const { depot, proxy } = world;
    const page = depot.page;
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE01', point: 'P4' });

    await expect
      .poll(async () => percentOf(await page.getByTestId('percent').innerText()), {
        timeout: 120_000,
        interval: 250,
      })
      .toBeGreaterThanOrEqual(25);
    const before = percentOf(await page.getByTestId('percent').innerText());
    expect(before).toBeLessThan(90);

    await world.restartBackend();
    // The open page says the engine went away, then reconnects to the new process by itself.
    await expect
      .poll(() => depot.statusBar().getAttribute('data-status'), { timeout: 30_000 })
      .not.toBe('disconnected');
    await depot.go('nights');
    await depot.page
      .locator('[data-testid="plans"] tbody tr')
      .first()
      .getByRole('button', { name: 'Voir' })
      .click();
    // Resumed, not restarted: progress never falls back below what the server had confirmed.
    expect(percentOf(await page.getByTestId('percent').innerText())).toBeGreaterThanOrEqual(
      before - 10,
    );
    await depot.screenshot('depot-en-cours-apres-redemarrage');
    await depot.waitForPlanState('done', 180_000);

    // Every recording on the server, at its size; no multipart upload left open.
    for (const name of world.files) {
      const head = await world.bucket.client.send(
        new HeadObjectCommand({ Bucket: world.bucket.bucket, Key: `SITE01/P4/2026-06-12/${name}` }),
      );
      expect(head.ContentLength).toBe((await stat(join(world.nightDir, name))).size);
    }
    const open = await world.bucket.client.send(
      new ListMultipartUploadsCommand({ Bucket: world.bucket.bucket }),
    );
    expect(open.Uploads ?? []).toEqual([]);

    // Body bytes the endpoint received, minus the night itself: what the kill cost.
    const sent = proxy
      .log()
      .filter((e) => e.method === 'PUT')
      .reduce((sum, e) => sum + e.bytesIn, 0);
    const manifest = proxy
      .log()
      .filter((e) => e.method === 'PUT' && e.path.includes('/.depot/night-'))
      .reduce((sum, e) => sum + e.bytesIn, 0);
    const resent = sent - manifest - world.totalBytes;
    process.stdout.write(
      `restart e2e: ${world.totalBytes} bytes, ${resent} re-sent after one kill -9 (bound ${CONCURRENCY * PART_SIZE}), ${proxy.count(s3Request.uploadPart)} UploadPart requests\n`,
    );
    expect(resent).toBeGreaterThanOrEqual(0);
    expect(resent).toBeLessThanOrEqual(CONCURRENCY * PART_SIZE);
  });
});

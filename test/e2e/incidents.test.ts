import { readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { fault, s3Request } from '../support/faultProxy';
import { serverState } from './support/serverState';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();

describe('incidents absorbed without a gesture', () => {
  it('503 + Retry-After: a discreet countdown on the row and the status bar, then done', async () => {
    const world = await setUpWorld(
      { label: 'retry-after', files: 6, sizes: 'small', seed: 21 },
      { concurrency: 1 },
    );
    const { depot } = world;
    const page = depot.page;
    const slowDown = world.proxy.addRule({
      match: s3Request.putObject,
      action: fault.status(503, { code: 'SlowDown', retryAfter: '6' }),
      times: 1,
    });
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE01', point: 'P1' });

    const waitingRow = page.locator('[data-status="retry-wait"]');
    await waitingRow.first().waitFor({ timeout: 30_000 });
    expect(await waitingRow.first().innerText()).toMatch(/nouvelle tentative dans [1-7] s/);
    await expect
      .poll(() => depot.statusBar().innerText())
      .toMatch(/^Nouvelle tentative dans \d s$/);
    expect(await depot.statusBar().getAttribute('data-status')).toBe('retry-wait');
    // An absorbed incident is never an error: no alert, the night is still "En cours".
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    expect(await depot.planState().getAttribute('data-state')).toBe('running');
    await depot.screenshot('depot-en-cours-nouvelle-tentative');
    const first = Number(/(\d) s$/.exec(await depot.statusBar().innerText())?.[1]);
    await expect
      // The countdown ticks once a second: give the poll more than one tick to see it move.
      .poll(async () => Number(/(\d) s$/.exec(await depot.statusBar().innerText())?.[1] ?? 0), {
        timeout: 5_000,
      })
      .toBeLessThan(first);

    await depot.waitForPlanState('done', 120_000);
    expect(slowDown.fired).toBe(1);
    expect(await page.getByTestId('files').innerText()).toBe('6 / 6 fichiers');
  });

  it('endpoint cut: "en attente du réseau", then completes by itself when it is back', async () => {
    const world = await setUpWorld({ label: 'cut', files: 8, sizes: 'small', seed: 22 });
    const { depot } = world;
    const page = depot.page;
    await depot.checkFolder(world.nightDir);
    await world.proxy.setDown(true, 'reset');
    await depot.startDeposit({ site: 'SITE01', point: 'P2' });

    await depot.waitForPlanState('waiting-network', 90_000);
    await expect.poll(() => depot.statusBar().innerText()).toBe('En attente du réseau');
    expect(await page.locator('[data-status="waiting-network"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    await depot.screenshot('depot-en-cours-attente-reseau');

    await world.proxy.setDown(false);
    await depot.waitForPlanState('done', 120_000);
    expect(await page.getByTestId('files').innerText()).toBe('8 / 8 fichiers');
    // No unit was failed by the outage.
    await depot.go('failures');
    await page.getByText('Aucun échec pour cette nuit.').waitFor();
  });

  it('Retry-After of ten minutes: the file is "reporté par le serveur jusqu’à HH:MM", the night offers "Retenter maintenant"', async () => {
    const world = await setUpWorld({ label: 'deferred', files: 4, sizes: 'small', seed: 23 });
    const { depot } = world;
    const page = depot.page;
    const [first] = world.files as [string];
    const parked = world.proxy.addRule({
      match: { ...s3Request.putObject, path: new RegExp(`/${first.replace(/\./g, '\\.')}$`) },
      action: fault.status(503, { code: 'SlowDown', retryAfter: '600' }),
      times: 1,
    });
    await depot.checkFolder(world.nightDir);
    const asked = Date.now();
    await depot.startDeposit({ site: 'SITE01', point: 'P6' });

    const row = page.locator(`[data-unit="${first}"] [data-status="deferred"]`);
    await row.waitFor({ timeout: 60_000 });
    const text = await row.innerText();
    const match = /reporté par le serveur jusqu’à (\d\d):(\d\d)/i.exec(text);
    expect(match).not.toBeNull();
    // Ten minutes from when it was asked, in the viewer's clock (same machine here).
    const expected = new Date(asked + 600_000);
    const shown = Number(match?.[1]) * 60 + Number(match?.[2]);
    const wanted = expected.getHours() * 60 + expected.getMinutes();
    expect(Math.abs(shown - wanted) % (24 * 60)).toBeLessThanOrEqual(1);
    // Further than a run waits (5 min): the others land, the night says until when and counts down.
    await depot.waitForPlanState('deferred', 60_000);
    await expect
      .poll(() => depot.statusBar().innerText())
      .toMatch(/^Reporté par le serveur jusqu’à \d\d:\d\d \(dans (9|10)\u00a0min \d\d\u00a0s\)/);
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    await depot.screenshotAtLaptopSizes('depot-reporte-par-le-serveur');
    await depot.go('failures');
    await page.getByText('Aucun échec pour cette nuit.').waitFor();
    // The volunteer does not wait ten minutes: the server is asked again at once.
    await depot.go('current');
    await page.locator('button[data-action="retry-now"]').click();
    await depot.waitForPlanState('done', 120_000);
    expect(parked.fired).toBe(1);
    expect(await page.getByTestId('files').innerText()).toBe('4 / 4 fichiers');
  });

  it('a card pulled out mid-deposit: "Carte retirée : remettez-la pour continuer", then done once it is back', async () => {
    const world = await setUpWorld(
      { label: 'card', files: 6, sizes: 'small', seed: 24 },
      { concurrency: 1 },
    );
    const { depot } = world;
    const page = depot.page;
    // Each PUT answered a second late: the night lasts long enough to pull the card out.
    world.proxy.addRule({
      match: s3Request.putObject,
      action: fault.delay(1_000),
      times: Infinity,
    });
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE01', point: 'P7' });
    await page.locator('[data-status="done"]').first().waitFor({ timeout: 60_000 });
    // The card's folder goes as a reader unmounted takes it.
    renameSync(world.nightDir, `${world.nightDir}.away`);
    await depot.waitForPlanState('waiting-card', 60_000);
    await expect
      .poll(() => depot.statusBar().innerText())
      .toBe('Carte retirée\u00a0: remettez-la pour continuer');
    expect(await page.locator('[data-status="waiting-card"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    await depot.screenshotAtLaptopSizes('depot-carte-retiree');
    renameSync(`${world.nightDir}.away`, world.nightDir);
    world.proxy.clearRules();
    await depot.waitForPlanState('done', 120_000);
    expect(await page.getByTestId('files').innerText()).toBe('6 / 6 fichiers');
    await depot.go('failures');
    await page.getByText('Aucun échec pour cette nuit.').waitFor();
    // The server holds every recording, byte for byte.
    for (const name of world.files) {
      const got = await world.bucket.client.send(
        new GetObjectCommand({ Bucket: world.bucket.bucket, Key: `SITE01/P7/2026-06-12/${name}` }),
      );
      const bytes = Buffer.from((await got.Body?.transformToByteArray()) ?? []);
      expect(bytes.equals(readFileSync(join(world.nightDir, name)))).toBe(true);
    }
    // Nothing under another key, no upload left open by the pause (issue 31).
    const server = await serverState(world);
    expect(server.keys.filter((k) => !k.startsWith('SITE01/P7/2026-06-12/'))).toEqual([]);
    expect(server.openUploads).toEqual([]);
    await depot.screenshotAtLaptopSizes('depot-carte-revenue');
  });
});

import { describe, expect, it } from 'vitest';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();

describe('a night of thousands of files', () => {
  it('keeps only the visible rows in the page and scrolls to the last file at once', async () => {
    const files = 2000;
    const world = await setUpWorld({
      label: 'many',
      files,
      sizes: 'small',
      totalBytes: files * 2_000,
      seed: 51,
    });
    const { depot, proxy } = world;
    const page = depot.page;
    await depot.checkFolder(world.nightDir);
    // The endpoint is unreachable: the plan exists with every unit, and nothing moves.
    await proxy.setDown(true, 'reset');
    await depot.startDeposit({ site: 'SITE01', point: 'P5' });
    await page.getByText(`0 / ${files} fichiers`).waitFor({ timeout: 60_000 });

    const table = page.getByTestId('units');
    // The first page of units arrives after the counts: wait for it, however busy the machine.
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe(String(files));
    const rendered = await depot.unitRows().count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);

    // Keyboard: the table's scroll area takes focus and End goes to the last file.
    const started = Date.now();
    await page.locator('.unit-scroll').focus();
    await page.keyboard.press('End');
    const last = world.files.at(-1) ?? '';
    // The time it takes is printed, not asserted: speed is for the benchmarks (a busy machine is
    // slow); a table that never gets there still fails.
    await page.locator(`[data-unit="${last}"]`).waitFor({ timeout: 30_000 });
    const elapsed = Date.now() - started;
    process.stdout.write(
      `virtualized table: ${rendered} rows in the DOM for ${files} units, End -> last row in ${elapsed} ms\n`,
    );
    expect(await depot.unitRows().count()).toBeLessThan(60);
    await depot.screenshot('depot-en-cours-2000-fichiers');

    // Pause and resume the night from "Nuits".
    await depot.go('nights');
    const row = page.locator('[data-testid="plans"] tbody tr').first();
    await row.getByRole('button', { name: 'Pause' }).click();
    await row.locator('.badge[data-state="paused"]').waitFor({ timeout: 30_000 });
    await depot.screenshot('nuits-en-pause');
    await row.getByRole('button', { name: 'Reprendre' }).click();
    await expect
      .poll(() => row.locator('.badge').getAttribute('data-state'), { timeout: 30_000 })
      .not.toBe('paused');
    await proxy.setDown(false);
    await row.locator('.badge[data-state="done"]').waitFor({ timeout: 240_000 });
  });

  it('is reachable by keyboard alone: Tab to the menu, Enter to change screen', async () => {
    const world = await setUpWorld({ label: 'keyboard', files: 2, sizes: 'small', seed: 52 });
    const page = world.depot.page;
    await page.locator('body').click();
    let reached = false;
    for (let i = 0; i < 20 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = (await page.evaluate('document.activeElement?.textContent')) === 'Diagnostic';
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('#diag-title').waitFor();
    // The focus stays visible (an outline), on the menu entry that was chosen.
    const outline = await page.evaluate('getComputedStyle(document.activeElement).outlineStyle');
    expect(outline).not.toBe('none');
  });
});

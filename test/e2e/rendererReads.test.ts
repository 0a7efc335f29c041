import { describe, expect, it } from 'vitest';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();

/** What the page asks the engine for: reads of rows and nights, and the rest. */
type Asked = { method: string; at: number };

/**
 * Issue 32, step 2: the page applies what the engine pushes; it reads the rows again as a repair
 * path only. The figure (reads per second while 2,000 files deposit with "Dépôt en cours" open)
 * is printed, for ADR 0037; what is asserted is the count per file, not a speed.
 */
describe("the page's reads while a night of 2,000 files deposits", () => {
  it('are counted per method over the deposit, the rows reconciled, never re-read per file', async () => {
    const files = 2000;
    const world = await setUpWorld({
      label: 'reads',
      files,
      sizes: 'small',
      totalBytes: files * 2_000,
      seed: 53,
    });
    const { depot } = world;
    const page = depot.page;
    const asked: Asked[] = [];
    page.on('websocket', (ws) => {
      ws.on('framesent', (frame) => {
        if (typeof frame.payload !== 'string') return;
        const method = (JSON.parse(frame.payload) as { method?: unknown }).method;
        if (typeof method === 'string') asked.push({ method, at: Date.now() });
      });
    });
    await page.reload();
    await depot.checkFolder(world.nightDir);
    await depot.startDeposit({ site: 'SITE53', point: 'P1' });
    const from = Date.now();
    const first = asked.length;
    await depot.waitForPlanState('done', 600_000);
    const seconds = (Date.now() - from) / 1000;
    const during = asked.slice(first);
    const count = (methods: readonly string[]): number =>
      during.filter((a) => methods.includes(a.method)).length;
    const rows = count(['units.list']);
    const nights = count(['plans.get', 'plans.list']);
    const byMethod = new Map<string, number>();
    for (const a of during) byMethod.set(a.method, (byMethod.get(a.method) ?? 0) + 1);
    process.stdout.write(
      `renderer reads, ${files} files in ${seconds.toFixed(0)} s: units.list ${rows} ` +
        `(${(rows / seconds).toFixed(2)}/s), plans.get+list ${nights} ` +
        `(${(nights / seconds).toFixed(2)}/s), all calls ${during.length} ` +
        `(${(during.length / seconds).toFixed(2)}/s): ${JSON.stringify([...byMethod])}\n`,
    );
    await depot.screenshotAtLaptopSizes('depot-2000-fichiers-termine');
    // Never a read per file: 2,000 files, each told at least twice (taken, deposited).
    expect(rows + nights).toBeLessThan(files);
  });
});

import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import type { Screen } from '../../../renderer/store/Screen';

export const SCREENSHOTS = 'test-results/screenshots';
/** The field laptops of the issue: a common one and a small netbook. */
export const SIZES: readonly (readonly [number, number])[] = [
  [1366, 768],
  [1024, 640],
];

export type StorageSettings = {
  readonly endpoint: string;
  readonly region: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly prefixTemplate?: string;
  readonly concurrency?: number;
  /** Bandwidth cap in MB/s (the Settings field's unit). */
  readonly bwlimitMBps?: number;
};

/** The Depot interface as a volunteer uses it (French, the default), one method per gesture. */
export class DepotPage {
  constructor(readonly page: Page) {}

  async open(url: string): Promise<void> {
    await this.page.setViewportSize({ width: 1280, height: 800 });
    await this.page.goto(url);
    await this.page.locator('nav').waitFor();
  }

  async go(screen: Screen): Promise<void> {
    await this.page.locator(`nav button[data-screen="${screen}"]`).click();
  }

  statusBar(): Locator {
    return this.page.locator('footer.status-bar');
  }

  async configure(settings: StorageSettings): Promise<void> {
    await this.go('settings');
    const form = this.page.locator('form.settings');
    await form.locator('input[name="endpoint"]').fill(settings.endpoint);
    await form.locator('input[name="region"]').fill(settings.region);
    await form.locator('input[name="bucket"]').fill(settings.bucket);
    await form
      .locator('input[name="prefixTemplate"]')
      .fill(settings.prefixTemplate ?? '{site}/{point}/{night}');
    await form.locator('input[name="pathStyle"]').check();
    if (settings.concurrency !== undefined) {
      await form.locator('input[name="concurrency"]').fill(String(settings.concurrency));
    }
    if (settings.bwlimitMBps !== undefined) {
      await form.locator('input[name="bwlimit"]').fill(String(settings.bwlimitMBps));
    }
    await this.enterCredentials(settings.accessKeyId, settings.secretAccessKey);
  }

  /** Types credentials and saves: the form forgets them at once. */
  async enterCredentials(accessKeyId: string, secretAccessKey: string): Promise<void> {
    await this.go('settings');
    const form = this.page.locator('form.settings');
    await form.locator('input[name="accessKeyId"]').fill(accessKeyId);
    await form.locator('input[name="secretAccessKey"]').fill(secretAccessKey);
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await this.page.getByText('Réglages enregistrés.').waitFor();
  }

  /**
   * Settings, "Importer le profil du programme" through the bridge: the profile's path typed in
   * its field (the native picker's place). Returns what the section then says.
   */
  async importProgramme(path: string): Promise<Locator> {
    return this.programmeAnswer(async (section) => {
      await section.locator('input[name="programmePath"]').fill(path);
      await section.locator('button[type="submit"]').click();
    });
  }

  /** A profile's file dropped on the programme section, as from a file manager. */
  async dropProgramme(fileName: string, text: string): Promise<Locator> {
    return this.programmeAnswer(async (section) => {
      const transfer = await this.page.evaluateHandle(
        `(() => { const dt = new DataTransfer(); dt.items.add(new File([${JSON.stringify(text)}], ${JSON.stringify(fileName)}, { type: 'application/json' })); return dt; })()`,
      );
      await section.dispatchEvent('drop', { dataTransfer: transfer });
    });
  }

  /** What the programme section says after `gesture`: its next answer, not the one before. */
  private async programmeAnswer(gesture: (section: Locator) => Promise<void>): Promise<Locator> {
    await this.go('settings');
    const section = this.page.getByTestId('programme');
    const said = section.getByTestId('programme-said');
    const before = (await said.count()) === 0 ? null : await said.innerText();
    await gesture(section);
    // The answer is cleared while the import runs, then shown: wait for one that is not the last.
    await (before === null ? said : said.filter({ hasNotText: before })).waitFor();
    return said;
  }

  /** Nouveau dépôt under a programme: its fields, by name (`carre`, `passage`...). */
  async fillProgrammeFields(fields: Readonly<Record<string, string>>): Promise<void> {
    for (const [name, value] of Object.entries(fields))
      await this.page.locator(`input[name="field-${name}"]`).fill(value);
  }

  /** Types a storage address without saving: "Tester la connexion" tests it, and saves nothing. */
  async typeEndpoint(endpoint: string): Promise<void> {
    await this.go('settings');
    await this.page.locator('form.settings input[name="endpoint"]').fill(endpoint);
  }

  async testConnection(): Promise<Locator> {
    await this.go('settings');
    await this.page.getByRole('button', { name: 'Tester la connexion' }).click();
    const verdict = this.page.getByTestId('verdict');
    await verdict.waitFor();
    return verdict;
  }

  /** Types a folder on "Nouveau dépôt" and asks for its analysis (any language). */
  async analyse(dir: string): Promise<void> {
    await this.go('new');
    await this.page.locator('input[name="dir"]').fill(dir);
    await this.page.locator('form:has(input[name="dir"]) button[type="submit"]').click();
  }

  /** Nouveau dépôt: folder, pre-flight summary, site/point/night, Déposer. */
  async checkFolder(dir: string): Promise<Locator> {
    await this.go('new');
    // Back on the screen with a folder typed before, its summary is made again: let that end first,
    // or it would be counted as the analysis of `dir`.
    await this.page.locator('input[name="dir"]').waitFor();
    const submit = this.page.locator('form:has(input[name="dir"]) button[type="submit"]');
    // Polled from here: the page's CSP forbids evaluating a string in it (waitForFunction).
    for (let i = 0; i < 600 && /Analyse en cours|Checking/.test(await submit.innerText()); i += 1)
      await this.page.waitForTimeout(100);
    // A second folder's summary replaces the first's in place: wait for the next analysis, not
    // for a summary (the previous one is still on screen while the new one is computed).
    const shown = this.page.getByTestId('preflight');
    const before =
      (await shown.count()) === 0 ? 0 : Number(await shown.getAttribute('data-analysis'));
    await this.analyse(dir);
    const summary = this.page.locator(
      `[data-testid="preflight"][data-analysis="${String(before + 1)}"]`,
    );
    await summary.waitFor();
    return summary;
  }

  async startDeposit(
    fields: { site?: string; point?: string; night?: string; copy?: boolean } = {},
  ): Promise<void> {
    // A second deposit of a card another night holds: only as an explicit copy (issue 31).
    if (fields.copy === true) await this.page.locator('input[name="copy"]').check();
    if (fields.site !== undefined) await this.page.locator('input[name="site"]').fill(fields.site);
    if (fields.point !== undefined)
      await this.page.locator('input[name="point"]').fill(fields.point);
    if (fields.night !== undefined)
      await this.page.locator('input[name="night"]').fill(fields.night);
    await this.page.getByRole('button', { name: 'Déposer', exact: true }).click();
    await this.page.locator('#current-title').waitFor();
  }

  /** The current night's state badge on "Dépôt en cours" (`data-state`). */
  planState(): Locator {
    return this.page.locator('section[data-plan-id] .badge');
  }

  async waitForPlanState(state: string, timeoutMs = 120_000): Promise<void> {
    await this.page
      .locator(`section[data-plan-id] .badge[data-state="${state}"]`)
      .waitFor({ timeout: timeoutMs });
  }

  unitRows(): Locator {
    return this.page.locator('[data-testid="units"] .unit-row[data-unit]');
  }

  /** Switches the interface language through Settings (saved like any setting). */
  async setLocale(locale: 'fr' | 'en'): Promise<void> {
    await this.go('settings');
    const form = this.page.locator('form.settings');
    await form.locator('select[name="locale"]').selectOption(locale);
    await form.locator('button[type="submit"]').click();
    await this.page.locator(`html[lang="${locale}"]`).waitFor();
  }

  /** The row of a night on "Nuits", by its label's text. */
  nightRow(text: string): Locator {
    return this.page.locator('[data-testid="plans"] tbody tr[data-plan-id]', { hasText: text });
  }

  /**
   * The same state at the two laptop sizes the issue names (1366x768, 1024x640), in French and
   * English: `name-fr-1366x768.png`... The page comes back in French at its first size. `show`
   * brings the screen back after the language switch (which goes through Settings).
   */
  async screenshotEverywhere(name: string, show: () => Promise<void>): Promise<void> {
    for (const locale of ['fr', 'en'] as const) {
      if (locale === 'en') await this.setLocale('en');
      await show();
      for (const [width, height] of SIZES) {
        await this.page.setViewportSize({ width, height });
        await this.screenshot(`${name}-${locale}-${width}x${height}`);
      }
    }
    await this.setLocale('fr');
    await this.page.setViewportSize({ width: 1366, height: 768 });
    await show();
  }

  /** This screen in French at the two laptop sizes: `name-1366x768.png`, `name-1024x640.png`. */
  async screenshotAtLaptopSizes(name: string): Promise<void> {
    for (const [width, height] of SIZES) {
      await this.page.setViewportSize({ width, height });
      await this.screenshot(`${name}-${width}x${height}`);
    }
  }

  async screenshot(name: string): Promise<string> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const path = `${SCREENSHOTS}/${name}.png`;
    await this.page.screenshot({ path });
    return path;
  }
}

import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { setUpDeposit } from './depositFixture';
import type { DepositFixture, DepositSettings, NightShape } from './depositFixture';
import { launchChromium } from './launchChromium';

export type SetUpWorld = (night: NightShape, settings?: DepositSettings) => Promise<DepositFixture>;

/**
 * Registers the hooks every e2e file shares: one Chromium for the file, and a fresh world (bucket,
 * proxy, backend, browser context) per test, closed after that test whatever its outcome. Call it
 * once at the top of a test file; each test then calls the returned function.
 */
export const useDepositWorld = (): SetUpWorld => {
  let browser: Browser | undefined;
  let world: DepositFixture | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });
  afterAll(async () => {
    await browser?.close();
  });

  return async (night, settings) => {
    if (browser === undefined) throw new Error('useDepositWorld: set up a world inside a test');
    world = await setUpDeposit(browser, night, settings);
    return world;
  };
};

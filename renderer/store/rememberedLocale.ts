import type { Locale } from '../../shared/ipc/views';

/**
 * The language lives in the engine's settings, but a page whose engine is gone (a restart on a
 * new address, an old tab) must still speak the volunteer's language: the last one is kept here.
 */
const LOCALE_KEY = 'depot.locale';

export const rememberedLocale = (): Locale => {
  try {
    const saved = globalThis.localStorage?.getItem(LOCALE_KEY);
    return saved === 'en' || saved === 'fr' ? saved : 'fr';
  } catch {
    // Storage refused (a locked-down profile): the default language.
    return 'fr';
  }
};

export const rememberLocale = (locale: Locale): void => {
  try {
    globalThis.localStorage?.setItem(LOCALE_KEY, locale);
  } catch {
    // Not kept: the next page without an engine speaks the default language.
  }
};

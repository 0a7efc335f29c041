import type { Translate } from './translate';
import { useLanguage } from './useLanguage';

/** The volunteer's sentences, for a component that formats nothing (`useLanguage` for both). */
export const useT = (): Translate => useLanguage().t;

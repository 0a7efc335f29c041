import { useMemo } from 'react';
import type { Locale } from '../../shared/ipc/views';
import { useDepotStore } from '../store/useDepotStore';
import { translator } from './translate';
import type { Translate } from './translate';

export type Language = {
  /** Its sentences. */
  readonly t: Translate;
  /** Its formats: the dates, sizes and numbers a sentence carries are written for this locale. */
  readonly locale: Locale;
};

/** The volunteer's language, as a component that speaks and formats takes it. */
export const useLanguage = (): Language => {
  const locale = useDepotStore((s) => s.locale);
  const t = useMemo(() => translator(locale), [locale]);
  return { t, locale };
};

import { useMemo } from 'react';
import { useDepotStore } from '../store/useDepotStore';
import { translator } from './translate';
import type { Translate } from './translate';

export const useT = (): Translate => {
  const locale = useDepotStore((s) => s.locale);
  return useMemo(() => translator(locale), [locale]);
};

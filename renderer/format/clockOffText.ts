import { skewWords } from '../../shared/text/skewWords';
import type { Translate } from '../i18n/translate';

/** "Elle a 20 min de retard sur le serveur." from server minus this computer, in ms. */
export const clockOffText = (t: Translate, skewMs: number): string => {
  const w = skewWords(skewMs);
  return t(w.direction === 'behind' ? 'cause.clock.behind' : 'cause.clock.ahead', {
    amount: w.amount,
    unit: w.unit,
  });
};

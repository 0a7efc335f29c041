import { skewWords } from '../../shared/text/skewWords';

/**
 * The one sentence for signatures refused as dated by this computer's clock: it names the clock,
 * and by how much it is off when the server told its time, never the credentials (issue 30).
 */
export const clockAdvice = (skewMs: number | null, then: string): string => {
  const off =
    skewMs === null
      ? "is too far from the server's"
      : ((w) =>
          `is ${w.amount} ${w.unit} ${w.direction === 'behind' ? 'behind' : 'ahead of'} the server's`)(
          skewWords(skewMs),
        );
  return `this computer's clock ${off} (RequestTimeTooSkewed): set its date and time right (automatic time), then ${then}`;
};

import { describe, expect, it } from 'vitest';
import { clockAdvice } from '../../../electron/cli/clockAdvice';
import { describeCause } from '../../../electron/cli/describeCause';
import { configurationProblem } from '../../../electron/cli/probeTarget';
import { skewWords } from '../../../shared/text/skewWords';

describe('a clock the server refuses, on the command line', () => {
  it.each<[number, string]>([
    [20 * 60_000, '20 min behind'],
    [-20 * 60_000, '20 min ahead of'],
    [30_000, '1 min behind'],
    [5 * 3_600_000, '5 h behind'],
  ])('server minus this computer %i ms: "%s"', (skewMs, words) => {
    const line = clockAdvice(skewMs, 'run the same command again');
    expect(line).toContain(`this computer's clock is ${words}`);
    expect(line).toContain('RequestTimeTooSkewed');
    expect(line).not.toMatch(/credential|secret|permission/i);
  });

  it('without the server’s time it still names the clock', () => {
    expect(clockAdvice(null, 'x')).toContain("this computer's clock is too far from the server's");
  });

  it('the deposit’s cause and the probe’s verdict say the same', () => {
    const cause = describeCause({ kind: 'clock', skewMs: 20 * 60_000 });
    const probe = configurationProblem({ kind: 'clock', skewMs: 20 * 60_000 }, 'http://e', 'b');
    expect(cause).toContain('20 min behind');
    expect(probe).toBe(cause);
  });

  it('words: whole minutes, hours past 90 minutes', () => {
    expect(skewWords(91 * 60_000)).toEqual({ direction: 'behind', unit: 'h', amount: 2 });
    expect(skewWords(-90 * 60_000)).toEqual({ direction: 'ahead', unit: 'min', amount: 90 });
  });
});

import type { NightFiles } from '../../shared/field/splitByNight';
import type { CheckedFolder } from './CheckedFolder';

/**
 * The nights a deposit of this folder takes, each with its files: the one night of a folder of
 * one, or, of several, each under its own date ('each') or only the night picked ('one').
 */
export const nightsToDeposit = (
  checked: CheckedFolder,
  include: readonly string[],
  choice: { readonly night: string; readonly nights: 'one' | 'each' },
): readonly NightFiles[] => {
  if (checked.view.nights.length <= 1) return [{ night: choice.night, relPaths: include }];
  const split = checked.byNight(include);
  return choice.nights === 'each' ? split : split.filter((n) => n.night === choice.night);
};

import { expandPrefix, PrefixTemplateError } from '../../shared/field/expandPrefix';
import type { PreflightReport } from '../../shared/field/PreflightReport';
import { prefixValues } from '../../shared/field/prefixValues';

/**
 * The key prefix `--prefix` gives for this folder's pre-flight report, or the exit code of the
 * usage error already written: `depot deposit` and `depot verify` must agree on it, or verify
 * would look for the night under another prefix.
 */
export const reportPrefix = (
  template: string,
  report: PreflightReport,
  usageError: (message: string) => number,
  /** The night deposited, for a folder holding several. */
  overrides: Readonly<Record<string, string | undefined>> = {},
): string | number => {
  try {
    return expandPrefix(template, prefixValues(report, overrides));
  } catch (error) {
    if (error instanceof PrefixTemplateError) return usageError(error.message);
    throw error;
  }
};

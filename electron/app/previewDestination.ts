import type { ParsedInput } from '../../shared/ipc/contract';
import type { AppSettings } from './AppSettings';
import type { CheckedFolder } from './CheckedFolder';
import type { DepotBackendDeps } from './DepotBackendDeps';

/**
 * Where each night of the folder would go, as the volunteer types site and point: the prefix is
 * null while the template cannot be filled yet.
 */
export const previewDestination = (
  input: ParsedInput<'plans.previewDestination'>,
  settings: AppSettings,
  checked: CheckedFolder,
  expandPrefix: DepotBackendDeps['expandPrefix'],
) => {
  const listed = checked.view.nights.map((n) => n.night);
  const nights = listed.length > 1 ? listed : [input.night];
  return nights.map((night) => {
    // What the volunteer has not typed yet stays unknown rather than an empty segment.
    const entered = Object.fromEntries(
      Object.entries({ site: input.site, point: input.point, ...input.fields, night }).filter(
        ([, v]) => v !== '',
      ),
    );
    let prefix: string | null;
    try {
      prefix = expandPrefix(settings.prefixTemplate, checked.values(entered));
    } catch {
      prefix = null;
    }
    return {
      night,
      endpoint: settings.endpoint,
      bucket: settings.bucket,
      prefix,
      template: settings.prefixTemplate,
    };
  });
};

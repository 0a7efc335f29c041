import type { MethodOutput } from '../../shared/ipc/contract';
import type { Handlers } from '../ipc/Handlers';
import { IpcFailure } from '../ipc/IpcFailure';
import { ScanError } from '../scan/ScanError';
import type { BackendParts } from './BackendParts';
import { cardDeposits } from './cardDeposits';
import { createPlans } from './createPlans';
import type { DepotBackendDeps } from './DepotBackendDeps';
import type { FolderChecks } from './FolderChecks';
import { previewDestination } from './previewDestination';
import { previewNames } from './previewNames';

type FolderHandlers = Pick<
  Handlers,
  | 'dialog.chooseFolder'
  | 'preflight.run'
  | 'plans.previewDestination'
  | 'plans.previewNames'
  | 'plans.create'
>;

type FolderDeps = Pick<DepotBackendDeps, 'preflight' | 'expandPrefix' | 'chooseFolder'>;

const preflight = async (
  { config, views }: BackendParts,
  folders: FolderChecks,
  typed: string,
): Promise<MethodOutput<'preflight.run'>> => {
  const dir = folders.typedDir(typed);
  try {
    const checked = await folders.checkedFolder(dir, true);
    const handle = config.handle;
    // One card, one deposit (issue 31): the nights that already hold its files are said.
    const deposits = handle === undefined ? [] : cardDeposits(handle.engine, views, checked.scan);
    return { ...checked.view, deposits };
  } catch (error) {
    // Folder-level problems (missing, not a folder) are the user's to fix: say which.
    if (error instanceof ScanError) throw error;
    throw new IpcFailure('invalid-input', error instanceof Error ? error.message : String(error), {
      kind: 'folder-unreadable',
      dir,
    });
  }
};

/** A card's folder, from its choice to its nights planned: pre-flight, previews, the deposit. */
export const folderHandlers = (
  parts: BackendParts,
  deps: FolderDeps,
  folders: FolderChecks,
): FolderHandlers => ({
  'dialog.chooseFolder': () =>
    deps.chooseFolder?.() ?? Promise.resolve({ kind: 'unsupported' as const }),
  'preflight.run': (asked) => preflight(parts, folders, asked.dir),
  'plans.previewDestination': async (input) => {
    const settings = parts.config.requireSettings();
    const checked = await folders.checkedFolder(folders.typedDir(input.dir));
    return previewDestination(input, settings, checked, deps.expandPrefix);
  },
  'plans.previewNames': async (input) => {
    const checked = await folders.checkedFolder(folders.typedDir(input.dir));
    return previewNames(input, parts.config.programme, checked, deps.expandPrefix);
  },
  'plans.create': async (input) =>
    createPlans({ ...input, dir: folders.typedDir(input.dir) }, { ...parts, deps }),
});

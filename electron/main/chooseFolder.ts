import type { ChosenFolder } from '../../shared/ipc/views';

/** What the picker uses of Electron's `dialog` (a stand-in in the unit tests). */
export type FolderDialog = {
  showOpenDialog(options: {
    readonly properties: readonly ['openDirectory'];
    readonly title?: string;
  }): Promise<{ readonly canceled: boolean; readonly filePaths: readonly string[] }>;
};

/** The native folder picker: the card's folder, or "cancelled"; never a file. */
export const chooseFolder = async (dialog: FolderDialog, title: string): Promise<ChosenFolder> => {
  const result = await dialog.showOpenDialog({ properties: ['openDirectory'], title });
  const path = result.filePaths[0];
  return result.canceled || path === undefined ? { kind: 'cancelled' } : { kind: 'chosen', path };
};

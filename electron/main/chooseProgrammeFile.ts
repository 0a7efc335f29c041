import type { ChosenFolder } from '../../shared/ipc/views';

/** What the profile picker uses of Electron's `dialog` (a stand-in in the unit tests). */
export type ProfileDialog = {
  showOpenDialog(options: {
    readonly properties: readonly ['openFile'];
    readonly title?: string;
    readonly filters: readonly { readonly name: string; readonly extensions: readonly string[] }[];
  }): Promise<{ readonly canceled: boolean; readonly filePaths: readonly string[] }>;
};

/** The native file picker for a programme's profile (a `.json` file), or "cancelled". */
export const chooseProgrammeFile = async (
  dialog: ProfileDialog,
  title: string,
): Promise<ChosenFolder> => {
  const result = await dialog.showOpenDialog({
    properties: ['openFile'],
    title,
    filters: [{ name: 'JSON', extensions: ['json'] }],
  });
  const path = result.filePaths[0];
  return result.canceled || path === undefined ? { kind: 'cancelled' } : { kind: 'chosen', path };
};

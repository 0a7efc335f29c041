import { describe, expect, it } from 'vitest';
import { chooseFolder } from '../../../electron/main/chooseFolder';
import type { FolderDialog } from '../../../electron/main/chooseFolder';
import { chooseProgrammeFile } from '../../../electron/main/chooseProgrammeFile';
import type { ProfileDialog } from '../../../electron/main/chooseProgrammeFile';
import { droppedFolder } from '../../../renderer/api/droppedFolder';
import { shellText } from '../../../electron/app/shellText';

/** A stand-in of Electron's dialog: answers what the test says, records what it was asked. */
const dialog = (answer: { canceled: boolean; filePaths: string[] }) => {
  const asked: unknown[] = [];
  const stand: FolderDialog = {
    showOpenDialog: (options) => {
      asked.push(options);
      return Promise.resolve(answer);
    },
  };
  return { stand, asked };
};

describe('the native folder picker', () => {
  it('asks for a folder, in the volunteer’s language, and returns it', async () => {
    const d = dialog({ canceled: false, filePaths: ['/media/SD/NUIT'] });
    expect(await chooseFolder(d.stand, shellText('fr', 'chooseFolder'))).toEqual({
      kind: 'chosen',
      path: '/media/SD/NUIT',
    });
    expect(d.asked).toEqual([
      { properties: ['openDirectory'], title: 'Choisir le dossier de la nuit' },
    ]);
  });

  it('says "cancelled" when the volunteer closes it', async () => {
    expect(await chooseFolder(dialog({ canceled: true, filePaths: [] }).stand, 't')).toEqual({
      kind: 'cancelled',
    });
    expect(await chooseFolder(dialog({ canceled: false, filePaths: [] }).stand, 't')).toEqual({
      kind: 'cancelled',
    });
  });
});

describe('a folder dropped on the window', () => {
  const file = (name: string): File => ({ name }) as File;

  it('takes the first dropped item with a path on disk (webUtils.getPathForFile)', () => {
    const paths: Record<string, string> = { a: '', b: '/media/SD/NUIT' };
    expect(droppedFolder([file('a'), file('b')], (f) => paths[f.name] ?? '')).toBe(
      '/media/SD/NUIT',
    );
  });

  it('gives nothing in a browser (no path there: the path field is the way)', () => {
    expect(droppedFolder([file('b')], undefined)).toBeNull();
    expect(droppedFolder([file('a')], () => '')).toBeNull();
  });
});

describe('the native picker for a programme’s profile', () => {
  it('asks for one JSON file, in the volunteer’s language, and returns it or "cancelled"', async () => {
    const asked: unknown[] = [];
    const picker = (answer: { canceled: boolean; filePaths: string[] }): ProfileDialog => ({
      showOpenDialog: (options) => {
        asked.push(options);
        return Promise.resolve(answer);
      },
    });
    expect(
      await chooseProgrammeFile(
        picker({ canceled: false, filePaths: ['/home/v/vigie-chiro.json'] }),
        shellText('fr', 'chooseProgramme'),
      ),
    ).toEqual({ kind: 'chosen', path: '/home/v/vigie-chiro.json' });
    expect(asked).toEqual([
      {
        properties: ['openFile'],
        title: 'Choisir le profil du programme',
        filters: [{ name: 'JSON', extensions: ['json'] }],
      },
    ]);
    expect(await chooseProgrammeFile(picker({ canceled: true, filePaths: [] }), 't')).toEqual({
      kind: 'cancelled',
    });
  });
});

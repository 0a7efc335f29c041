import type { Locale } from '../../shared/ipc/views';

/** The tray's words (menu and tooltip): shown by main, outside the renderer, in both languages. */
export type ShellTextKey =
  | 'show'
  | 'pauseAll'
  | 'quit'
  | 'idle'
  | 'depositing'
  | 'paused'
  | 'chooseFolder'
  | 'chooseProgramme';

const texts: Readonly<Record<Locale, Readonly<Record<ShellTextKey, string>>>> = {
  fr: {
    show: 'Afficher Depot',
    pauseAll: 'Tout mettre en pause',
    quit: 'Quitter Depot',
    idle: 'Depot : aucun dépôt en cours',
    depositing: 'Depot : {night}, {percent} confirmés par le serveur',
    paused: 'Depot : dépôts en pause',
    chooseFolder: 'Choisir le dossier de la nuit',
    chooseProgramme: 'Choisir le profil du programme',
  },
  en: {
    show: 'Show Depot',
    pauseAll: 'Pause all',
    quit: 'Quit Depot',
    idle: 'Depot: no deposit running',
    depositing: 'Depot: {night}, {percent} confirmed by the server',
    paused: 'Depot: deposits paused',
    chooseFolder: 'Choose the night’s folder',
    chooseProgramme: 'Choose the programme’s profile',
  },
};

export const shellText = (
  locale: Locale,
  key: ShellTextKey,
  values: Readonly<Record<string, string>> = {},
): string =>
  texts[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  powerMonitor,
  powerSaveBlocker,
  safeStorage,
  session,
  Tray,
} from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EVENT_CHANNEL } from '../../shared/ipc/channels';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import { createBackend } from '../app/createBackend';
import type { BackendOptions } from '../app/createBackend';
import type { DepotBackend } from '../app/DepotBackend';
import { registerIpc } from '../ipc/registerIpc';
import { shellText } from '../app/shellText';
import { chooseFolder } from './chooseFolder';
import { chooseProgrammeFile } from './chooseProgrammeFile';
import { FieldShell } from './FieldShell';
import { hardenWindow } from './hardenWindow';
import { safeStorageSecret, safeStorageSecretStore } from './safeStorageSecretStore';
import { portalSessionOf } from '../app/PortalSession';
import { watchPortalSignIn } from './watchPortalSignIn';

// Electron's main only wires: the backend (engine, settings, credentials) knows nothing of it.
app.setName('Depot');
if (!app.requestSingleInstanceLock()) app.quit();

const rendererIndex = join(__dirname, '../dist/renderer/index.html');
// Drawn by scripts/draw-tray-icon.mjs, copied beside the renderer by vite (renderer/public).
const trayIconPath = join(__dirname, '../dist/renderer/tray-icon.png');
const appUrl = pathToFileURL(rendererIndex).href;
const NETWORK_POLL_MS = 5_000;

let backend: DepotBackend | undefined;
let window: BrowserWindow | undefined;
let shell: FieldShell | undefined;
let quitting = false;

const log = (line: string): void => {
  process.stderr.write(`depot: ${line}\n`);
};

const createWindow = (): BrowserWindow => {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
    title: 'Depot',
    show: false,
    webPreferences: {
      preload: join(__dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  hardenWindow(win, session.defaultSession, appUrl);
  win.once('ready-to-show', () => win.show());
  win.on('close', (event) => {
    // Closing the window stops the deposit cleanly unless the user chose to keep it running.
    if (!quitting && shell?.closeRequested() === 'hide') {
      event.preventDefault();
      win.hide();
    }
  });
  void win.loadURL(appUrl);
  return win;
};

/**
 * The portal's sign-in page in a child window of its own session (no preload, sandboxed, no new
 * windows): it may go wherever the sign-in takes it (the portal, an OAuth provider); its addresses
 * are watched for the token (ADR 0032).
 */
const openPortalSignIn = (page: string): Promise<string | undefined> => {
  const signIn = new BrowserWindow({
    width: 900,
    height: 720,
    title: 'Vigie-Chiro',
    ...(window === undefined ? {} : { parent: window }),
    webPreferences: {
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      partition: 'portal-sign-in',
    },
  });
  const contents = signIn.webContents;
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  return watchPortalSignIn(
    {
      onAddress: (listener) => {
        contents.on('will-redirect', (details) => listener(details.url));
        contents.on('will-navigate', (details) => listener(details.url));
        contents.on('did-navigate', (_event, url) => listener(url));
        contents.on('did-navigate-in-page', (_event, url) => listener(url));
      },
      onClosed: (listener) => signIn.on('closed', listener),
      load: (url) => signIn.loadURL(url),
      close: () => {
        if (!signIn.isDestroyed()) signIn.close();
      },
    },
    page,
  );
};

const showWindow = (): void => {
  window?.show();
  window?.focus();
};

const watchNetwork = (target: DepotBackend): void => {
  let online = net.isOnline();
  setInterval(() => {
    const now = net.isOnline();
    if (now !== online) {
      online = now;
      target.networkChanged(now);
    }
  }, NETWORK_POLL_MS).unref();
  // A laptop waking up: the links are new, let the breaker probe at once instead of waiting.
  powerMonitor.on('suspend', () => target.networkChanged(false));
  powerMonitor.on('resume', () => target.networkChanged(true));
};

/** The folder and profile pickers: Electron's dialogs, over the window when there is one. */
const pickers = (): Pick<BackendOptions, 'chooseFolder' | 'chooseProgramme'> => ({
  chooseFolder: () =>
    chooseFolder(
      {
        showOpenDialog: (options) =>
          window === undefined
            ? dialog.showOpenDialog({ ...options, properties: [...options.properties] })
            : dialog.showOpenDialog(window, {
                ...options,
                properties: [...options.properties],
              }),
      },
      shellText(backend?.locale() ?? 'fr', 'chooseFolder'),
    ),
  chooseProgramme: () =>
    chooseProgrammeFile(
      {
        showOpenDialog: (options) => {
          const asked = {
            ...options,
            properties: [...options.properties],
            filters: options.filters.map((f) => ({ ...f, extensions: [...f.extensions] })),
          };
          return window === undefined
            ? dialog.showOpenDialog(asked)
            : dialog.showOpenDialog(window, asked);
        },
      },
      shellText(backend?.locale() ?? 'fr', 'chooseProgramme'),
    ),
});

/** The backend on this user's data folder, its secrets kept by the system's safe storage. */
const openBackend = (dataDir: string): Promise<DepotBackend> =>
  createBackend({
    mode: 'electron',
    dataDir,
    secrets: safeStorageSecretStore(safeStorage, join(dataDir, 'credentials.bin')),
    portalSessions: safeStorageSecret(
      safeStorage,
      join(dataDir, 'portal-session.bin'),
      portalSessionOf,
    ),
    openPortalSignIn,
    ...pickers(),
    // Shown by the shell, which opens the night when the notification is clicked.
    notify: (notice) => shell?.notify(notice),
    log,
  });

/** The tray, notifications and power: the shell around the window, serving `served`. */
const fieldShell = (served: DepotBackend): FieldShell =>
  new FieldShell({
    electron: {
      createTray: (iconPath) => new Tray(nativeImage.createFromPath(iconPath)),
      buildMenu: (template) =>
        Menu.buildFromTemplate(
          template.map((item) => ('type' in item ? { type: 'separator' as const } : item)),
        ),
      powerSaveBlocker,
      ...(Notification.isSupported()
        ? { createNotification: (text) => new Notification(text) }
        : {}),
    },
    backend: {
      subscribe: (listener) => served.subscribe(listener),
      listPlans: () => served.handlers['plans.list'](undefined),
      pauseAll: () => served.pauseAll(),
      isBusy: () => served.isBusy(),
      keepRunningInBackground: () => served.keepRunningInBackground(),
      locale: () => served.locale(),
      keepingAwakeChanged: (on) => served.keepingAwakeChanged(on),
    },
    trayIconPath,
    showWindow,
    openNight: (planId) => {
      const event: DepotEvent = { type: 'open-night', planId };
      if (window !== undefined && !window.isDestroyed())
        window.webContents.send(EVENT_CHANNEL, event);
    },
    quit: () => app.quit(),
  });

const start = async (): Promise<void> => {
  backend = await openBackend(app.getPath('userData'));
  registerIpc(
    ipcMain,
    backend.handlers,
    (event) => event.senderFrame?.url === appUrl,
    (method, error) => log(`${method}: ${error instanceof Error ? error.message : String(error)}`),
  );
  backend.subscribe((event) => {
    if (window !== undefined && !window.isDestroyed())
      window.webContents.send(EVENT_CHANNEL, event);
  });
  watchNetwork(backend);
  shell = fieldShell(backend);
  await shell.start();
  window = createWindow();
  app.on('second-instance', showWindow);
};

void app.whenReady().then(() =>
  start().catch((error: unknown) => {
    // A database newer than this version, or unreadable: say it and leave the file untouched.
    dialog.showErrorBox('Depot', error instanceof Error ? error.message : String(error));
    app.exit(1);
  }),
);

app.on('window-all-closed', () => {
  app.quit();
});

app.on('before-quit', (event) => {
  if (quitting || backend === undefined) return;
  // Stop between emissions so the plan stays resumable, then quit for real.
  event.preventDefault();
  quitting = true;
  shell?.dispose();
  void backend.stop().finally(() => app.quit());
});

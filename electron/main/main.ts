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
  safeStorage,
  session,
  Tray,
} from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EVENT_CHANNEL } from '../../shared/ipc/channels';
import { createBackend } from '../app/createBackend';
import type { DepotBackend } from '../app/DepotBackend';
import { registerIpc } from '../ipc/registerIpc';
import { hardenWindow } from './hardenWindow';
import { safeStorageSecretStore } from './safeStorageSecretStore';

// Electron's main only wires: the backend (engine, settings, credentials) knows nothing of it.
app.setName('Depot');
if (!app.requestSingleInstanceLock()) app.quit();

const rendererIndex = join(__dirname, '../dist/renderer/index.html');
const appUrl = pathToFileURL(rendererIndex).href;
const NETWORK_POLL_MS = 5_000;

let backend: DepotBackend | undefined;
let window: BrowserWindow | undefined;
let tray: Tray | undefined;
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
    if (!quitting && backend?.keepRunningInBackground() === true && backend.isBusy()) {
      event.preventDefault();
      win.hide();
      showTray();
    }
  });
  void win.loadURL(appUrl);
  return win;
};

const showTray = (): void => {
  if (tray !== undefined) return;
  tray = new Tray(nativeImage.createEmpty());
  tray.setToolTip('Depot');
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Depot', click: () => window?.show() },
      { type: 'separator' },
      { role: 'quit' },
    ]),
  );
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

const start = async (): Promise<void> => {
  const dataDir = app.getPath('userData');
  backend = await createBackend({
    mode: 'electron',
    dataDir,
    secrets: safeStorageSecretStore(safeStorage, join(dataDir, 'credentials.bin')),
    chooseFolder: async () => {
      const options = { properties: ['openDirectory' as const] };
      const result =
        window === undefined
          ? await dialog.showOpenDialog(options)
          : await dialog.showOpenDialog(window, options);
      const path = result.filePaths[0];
      return result.canceled || path === undefined
        ? { kind: 'cancelled' }
        : { kind: 'chosen', path };
    },
    notify: ({ title, body }) => {
      if (Notification.isSupported()) new Notification({ title, body }).show();
    },
    log,
  });
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
  window = createWindow();
  app.on('second-instance', () => {
    window?.show();
    window?.focus();
  });
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
  void backend.stop().finally(() => app.quit());
});

import type { BrowserWindow, Session } from 'electron';

/**
 * Navigation, new windows and permission prompts denied: the window only ever shows our own
 * bundle, so any attempt to leave it is an attack or a bug.
 */
export const hardenWindow = (window: BrowserWindow, session: Session, appUrl: string): void => {
  const contents = window.webContents;
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event, url) => {
    if (url !== appUrl) event.preventDefault();
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
};

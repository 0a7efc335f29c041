import type { DepotApi } from '../../shared/ipc/DepotApi';
import { createDepotApi } from '../../shared/ipc/createDepotApi';
import { bridgeClient } from './bridgeClient';

declare global {
  interface Window {
    /** Set by Electron's preload; absent in a plain browser. */
    readonly depot?: DepotApi;
    /** Set by Electron's preload: the path of a dropped file or folder ('' when it has none). */
    readonly depotFiles?: { pathForFile(file: File): string };
  }
}

const TOKEN_KEY = 'depot.bridgeToken';

/**
 * The same renderer runs in Electron (preload's `window.depot`) and in a browser through the
 * bridge. The bridge's token comes in the URL fragment (never sent to a server), is kept for this
 * tab only and removed from the address bar.
 */
export const connectApi = (
  onConnectionChange: (connected: boolean) => void,
): DepotApi | undefined => {
  if (window.depot !== undefined) return window.depot;
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const fromFragment = fragment.get('token');
  if (fromFragment !== null) {
    sessionStorage.setItem(TOKEN_KEY, fromFragment);
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  const token = fromFragment ?? sessionStorage.getItem(TOKEN_KEY);
  // The fragment is gone from the address bar: pasting the address of an engine restarted on the
  // same port only changes the fragment, which loads nothing. The page starts again on its key.
  window.addEventListener('hashchange', () => {
    const pasted = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (pasted === null || pasted === token) return;
    window.location.reload();
  });
  if (token === null) return undefined;
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return createDepotApi(
    bridgeClient({ url: `${scheme}//${window.location.host}/api`, token, onConnectionChange }),
  );
};

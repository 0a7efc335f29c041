import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectApi } from './api/connectApi';
import { App } from './App';
import { translate } from './i18n/translate';
import { useDepotStore } from './store/useDepotStore';
import { handPortalReturnBack } from './portal/portalReturn';
import './styles.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');

const store = useDepotStore.getState();
// A sign-in window that landed back here hands the address to the Depot page that opened it.
const handedBack = handPortalReturnBack();
const api = handedBack
  ? undefined
  : connectApi((connected) => useDepotStore.getState().setConnected(connected));
if (handedBack) {
  root.textContent = translate(store.locale, 'portal.handedBack');
} else if (api === undefined) {
  root.textContent = translate('fr', 'app.noToken');
} else {
  // Electron's preload is connected from the start; the bridge says so when its socket opens.
  if (window.depot !== undefined) store.setConnected(true);
  store.start(api);
  setInterval(() => useDepotStore.getState().tick(Date.now()), 1000);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

import type { ConnectionState, DepotSlice } from './DepotState';
import { readAtStart } from './readAtStart';
import { rememberLocale, rememberedLocale } from './rememberedLocale';

/** The engine's link: started once with the contract, heard from, lost and found again. */
export const connectionSlice: DepotSlice<ConnectionState> = (set, get) => ({
  api: undefined,
  connected: false,
  locale: rememberedLocale(),
  lastError: null,
  everConnected: false,
  keepingAwake: false,
  configured: true,
  lastHeardAt: Date.now(),

  start(api) {
    set({ api });
    // Absent outside a page (the store's tests): the language is kept all the same.
    globalThis.document?.documentElement.setAttribute('lang', get().locale);
    // The engine is asked whether it is there when it has said nothing for two seconds; one
    // question at a time (its events say so while it works).
    let asking = false;
    const heartbeat = setInterval(() => {
      if (asking || !get().connected || Date.now() - get().lastHeardAt < 2_000) return;
      asking = true;
      void api.app.info().then((r) => {
        asking = false;
        if (r.ok) get().heard();
      });
    }, 2_000);
    const unsubscribe = api.events.subscribe((event) => get().receive(event));
    void readAtStart(api, set, get);
    return () => {
      clearInterval(heartbeat);
      unsubscribe();
    };
  },

  setLocale(locale) {
    set({ locale });
    rememberLocale(locale);
    globalThis.document?.documentElement.setAttribute('lang', locale);
  },

  setConnected(connected) {
    // Readings across a gap would average the gap in: start again when the engine is back.
    set((s) => ({
      connected,
      everConnected: s.everConnected || connected,
      samples: {},
      lastHeardAt: Date.now(),
    }));
    if (connected) void get().refreshPlans();
  },

  setConfigured(configured) {
    set({ configured });
  },

  setError(error) {
    set({ lastError: error });
  },

  heard() {
    set({ lastHeardAt: Date.now() });
  },
});

import type { ComponentType } from 'react';
import { useEffect, useRef } from 'react';
import { StatusBar } from './components/StatusBar';
import { useT } from './i18n/useT';
import type { MessageKey } from './i18n/fr';
import { DepositScreen } from './screens/DepositScreen';
import { DiagnosticsScreen } from './screens/DiagnosticsScreen';
import { FailuresScreen } from './screens/FailuresScreen';
import { NewDepositScreen } from './screens/NewDepositScreen';
import { NightsScreen } from './screens/NightsScreen';
import { PortalScreen } from './screens/PortalScreen';
import { SettingsScreen } from './screens/SettingsScreen';
import { screens } from './store/Screen';
import type { Screen } from './store/Screen';
import { useDepotStore } from './store/useDepotStore';
import { ErrorAlert } from './components/ErrorAlert';

const titles: Readonly<Record<Screen, MessageKey>> = {
  nights: 'nav.nights',
  new: 'nav.new',
  current: 'nav.current',
  failures: 'nav.failures',
  settings: 'nav.settings',
  portal: 'nav.portal',
  diagnostics: 'nav.diagnostics',
};

/** Each screen's component, by the name the store opens it with. */
const screenViews: Readonly<Record<Screen, ComponentType>> = {
  nights: NightsScreen,
  new: NewDepositScreen,
  current: DepositScreen,
  failures: FailuresScreen,
  settings: SettingsScreen,
  portal: PortalScreen,
  diagnostics: DiagnosticsScreen,
};

const Current = ({ screen }: { readonly screen: Screen }) => {
  const View = screenViews[screen];
  return <View />;
};

export const App = () => {
  const t = useT();
  const screen = useDepotStore((s) => s.screen);
  const main = useRef<HTMLElement>(null);
  // Another screen opens at its top, never scrolled to where the last one was left.
  useEffect(() => {
    main.current?.scrollTo?.({ top: 0 });
    window.scrollTo?.({ top: 0 });
  }, [screen]);
  const go = useDepotStore((s) => s.go);
  const lastError = useDepotStore((s) => s.lastError);
  const setError = useDepotStore((s) => s.setError);
  return (
    <div className="app">
      <nav className="nav" aria-label={t('app.title')}>
        <span className="brand">{t('app.title')}</span>
        <ul>
          {screens.map((s) => (
            <li key={s}>
              <button
                type="button"
                aria-current={s === screen ? 'page' : undefined}
                onClick={() => go(s)}
                data-screen={s}
              >
                {t(titles[s])}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="main" ref={main}>
        <ErrorAlert error={lastError} onClick={() => setError(null)} />
        <Current screen={screen} />
      </main>
      <StatusBar />
    </div>
  );
};
